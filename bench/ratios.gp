# gnuplot -e "dat='ratios.dat'; png='ratios.png'" bench/ratios.gp
# Per-op patched/baseline ratio (median of rounds), error bars min-max.
set terminal pngcairo size 1100,600 noenhanced
set output png
set title "fdsafe: patched / baseline ns per op (QEMU TCG guest; bars: min-max over rounds)"
set style data histogram
set style histogram errorbars gap 2 lw 1.5
set style fill solid 0.6 border -1
set boxwidth 0.9
set xtics rotate by -30 scale 0
set ylabel "ratio (lower is better)"
set yrange [0.8:1.2]
set grid ytics
set key top left
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 2 lc rgb "black"
plot dat using 2:3:4:xtic(1) title "single thread (unshared fd table)", \
     ''  using 5:6:7 title "second thread asleep (shared fd table)"
