# The mariadb-dump round trip of a Django test database (issue #14), sourced
# by scripts/django-suite.sh (not a program): Django creates the tables of
# DUMP_APPS on Myriad (runtests.py --keepdb keeps them), mariadb-dump dumps
# the database, the dump loads into a fresh Myriad server, and a second dump
# of that must be identical to the first. A difference (a column type, a
# default, a CHECK, an index or a generated column that the first server
# prints in a form the second reads differently) fails the run.
#
# Uses, from the sourcing script: WORK, PIDS, PY, VENV_PY, TESTS, free_port,
# wait_sql, and the built $WORK/myriad.

DUMP_APPS=(basic model_fields constraints many_to_one one_to_one m2m_through fixtures)

# dump_db PORT DB FILE: the schema and rows of DB, without the dump date
# (which would differ between two dumps of one database).
dump_db() {
  mariadb-dump --protocol=tcp -h127.0.0.1 -P"$1" -uroot --skip-dump-date \
    --routines --triggers "$2" >"$3" 2>"$3.err"
}

# dump_roundtrip PORT: the round trip above against the Myriad on PORT;
# 0 when the two dumps are identical.
dump_roundtrip() {
  local port=$1 db=test_django port2 pid2 n
  echo "== mariadb-dump round trip of Django's tables (${DUMP_APPS[*]})" >&2
  (cd "$TESTS" && PYTHONPATH=$WORK timeout 600 "$VENV_PY" -W ignore runtests.py \
    --settings settings_myriad --parallel 1 --noinput --keepdb "${DUMP_APPS[@]}" \
    >"$WORK/django-dump-tests.out" 2>&1) || true
  n=$(mariadb --protocol=tcp -h127.0.0.1 -P"$port" -uroot -N -e \
    "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$db'")
  if [ "${n:-0}" -lt 50 ]; then
    echo "django-dump: Django created ${n:-0} tables in $db (want 50 or more); its last lines:" >&2
    tail -5 "$WORK/django-dump-tests.out" | sed 's/^/    /' >&2
    return 1
  fi
  # The tests leave the tables empty (each rolls back): a few rows of the
  # awkward kinds (quotes, backslashes, 4-byte UTF-8, fractions of a second,
  # wide DECIMALs, JSON, bytes) so the dump carries data too.
  mariadb --protocol=tcp -h127.0.0.1 -P"$port" -uroot "$db" -e "
    INSERT INTO basic_article (headline, pub_date) VALUES
      ('it''s \"quoted\" \\\\ and 100%', '2024-02-29 23:59:59.123456'), ('ünïcødé 🎉', '1970-01-01 00:00:00');
    INSERT INTO model_fields_bigd (d) VALUES (1.123456789012345678901234567891), (-0.000000001);
    INSERT INTO model_fields_nullablejsonmodel (value) VALUES ('{\"a\": [1, 2.5, null, \"x\\\\\"y\"], \"b\": {\"c\": true}}'), (NULL);
    INSERT INTO model_fields_datetimemodel (d, dt, t) VALUES ('2024-01-02', '2024-01-02 03:04:05.678901', '23:59:59.5');
    INSERT INTO model_fields_datamodel (short_data, data) VALUES (x'00ff5c27220a', '');" ||
    { echo "django-dump: could not add rows" >&2; return 1; }
  dump_db "$port" "$db" "$WORK/dump1.sql" ||
    { echo "django-dump: mariadb-dump from Myriad failed:" >&2; cat "$WORK/dump1.sql.err" >&2; return 1; }

  port2=$(free_port)
  "$WORK/myriad" serve --data-dir "$WORK/myriad-data2" --host 127.0.0.1 --port "$port2" \
    --log-level warn >"$WORK/myriad2.log" 2>&1 &
  pid2=$!
  PIDS+=("$pid2")
  if ! wait_sql "$port2" "$pid2"; then
    echo "django-dump: the second myriad did not start" >&2
    return 1
  fi
  mariadb --protocol=tcp -h127.0.0.1 -P"$port2" -uroot -e "CREATE DATABASE $db"
  if ! mariadb --protocol=tcp -h127.0.0.1 -P"$port2" -uroot "$db" <"$WORK/dump1.sql" 2>"$WORK/load.err"; then
    echo "django-dump: the dump did not load into a fresh Myriad:" >&2
    cat "$WORK/load.err" >&2
    return 1
  fi
  dump_db "$port2" "$db" "$WORK/dump2.sql" ||
    { echo "django-dump: mariadb-dump from the second Myriad failed" >&2; return 1; }
  if ! diff -u "$WORK/dump1.sql" "$WORK/dump2.sql" >"$WORK/dump.diff"; then
    echo "django-dump: the dumps differ:" >&2
    head -60 "$WORK/dump.diff" >&2
    return 1
  fi
  echo "django-dump: $n tables, $(grep -c '^INSERT' "$WORK/dump1.sql") INSERT statements, $(wc -l <"$WORK/dump1.sql") lines: dumped, loaded, dumped again identical" >&2
}
