# gnuplot -e "dat='ratios.dat'; png='ratios.png'" bench/ratios.gp
# Per-op patched/baseline ratio: median of the rounds, bars min-max.
set terminal pngcairo size 1100,600 noenhanced
set output png
set title "fdsafe: patched / baseline ns per op (QEMU TCG guest; median of rounds, bars min-max)"
set xtics rotate by -30 scale 0
set xrange [-0.5:*]
set offsets 0, 0.5, graph 0.05, graph 0.05
set ylabel "ratio (below 1: patched faster)"
set grid ytics
set key top left
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb "black"
plot dat using ($0-0.12):2:3:4:xtic(1) with yerrorbars pt 7 ps 1.3 lw 1.5 \
         title "single thread (unshared fd table)", \
     ''  using ($0+0.12):5:6:7 with yerrorbars pt 5 ps 1.3 lw 1.5 \
         title "second thread asleep (shared fd table)"
