#!/bin/bash
# procvar: server CPU (utime+stime ticks, /proc/PID/stat) for 1000 CALLs of a small procedure
# (DECLARE ... DEFAULT, SELECT ... INTO). Usage: scripts/procvar_callcpu.sh ./myriad PORT DATADIR
# usage: bench.sh binary port datadir  -> prints server CPU ticks for 1000 CALLs
bin=$1; port=$2; dd=$3
rm -rf $dd; $bin serve --data-dir=$dd --port=$port --skip-ssl > $dd.log 2>&1 &
pid=$!; sleep 4
mariadb -h127.0.0.1 -P$port -uroot -e "CREATE DATABASE b; CREATE TABLE b.t (id INT PRIMARY KEY, v INT); INSERT INTO b.t VALUES (1, 10);"
printf "delimiter //\nCREATE PROCEDURE p(IN x INT) BEGIN DECLARE y INT DEFAULT 0; SELECT v INTO y FROM t WHERE id = x; END//\n" | mariadb -h127.0.0.1 -P$port -uroot b
for i in $(seq 1000); do echo "CALL p(1);"; done > $dd.calls.sql
s0=$(awk '{print $14+$15}' /proc/$pid/stat)
mariadb -h127.0.0.1 -P$port -uroot b < $dd.calls.sql
s1=$(awk '{print $14+$15}' /proc/$pid/stat)
echo "$bin cpu_ticks_for_1000_calls=$((s1-s0))"
kill $pid; wait $pid 2>/dev/null
