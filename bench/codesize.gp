# gnuplot -e "dat='codesize-gcc'; png='codesize-gcc.png'; cc='gcc'" bench/codesize.gp
# Top size deltas, patched minus baseline: functions of vmlinux (dat.dat)
# and object files (dat-obj.dat), side by side.
set terminal pngcairo size 1400,650 noenhanced
set output png
set multiplot layout 1,2 title sprintf("fdsafe: top text size deltas, patched - baseline (%s, bytes)", cc)
set style fill solid 0.7 border -1
set boxwidth 0.7
set xtics rotate by -45 scale 0 font ",9"
set grid ytics
set xzeroaxis lt -1
set yrange [*<0:0<*]
set offsets 0.5, 0.5, 0, 0
set bmargin 12
set title "functions (vmlinux)"
plot dat.".dat" using 0:2:xtic(1) with boxes lc rgb "#4477aa" notitle
set title "object files"
plot dat."-obj.dat" using 0:2:xtic(1) with boxes lc rgb "#ee6677" notitle
unset multiplot
