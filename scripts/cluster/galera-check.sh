#!/bin/sh
# haproxy's health check of a Galera node (arguments: proxy address, proxy port, server address,
# server port): up only while the node is Synced (wsrep_local_state 4), so a node still receiving
# its state after a restart gets no clients until it can answer them.
state=$(mysql -h"$3" -P"$4" -uroot --connect-timeout=3 -N -B -e "SHOW GLOBAL STATUS LIKE 'wsrep_local_state'" 2>/dev/null | cut -f2)
[ "$state" = "4" ]
