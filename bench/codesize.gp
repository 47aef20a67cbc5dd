# gnuplot -e "dat='codesize-gcc.dat'; png='codesize-gcc.png'; cc='gcc'" bench/codesize.gp
# Top functions by |size delta| of vmlinux, patched minus baseline.
set terminal pngcairo size 1100,650 noenhanced
set output png
set title sprintf("fdsafe: top function size deltas in vmlinux (%s), bytes", cc)
set style fill solid 0.7 border -1
set boxwidth 0.7
set xtics rotate by -40 scale 0 font ",9"
set ylabel "patched - baseline (bytes)"
set grid ytics
set xzeroaxis lt -1
set bmargin 10
plot dat using 0:2:xtic(1) with boxes lc rgb "#4477aa" notitle
