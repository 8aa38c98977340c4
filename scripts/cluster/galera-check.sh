#!/bin/sh
# haproxy's health check of a Galera node (arguments: proxy address, proxy port, server address,
# server port): up only while the node is Synced (wsrep_local_state 4), so a node still receiving
# its state after a restart gets no clients until it can answer them.
# It asks on the node's monitoring port (its extra_port, MONITOR_PORT_OFFSET above the client port
# in galera.js), a thread of its own outside the thread pool: while the cluster drops a dead node,
# the pool's threads wait with every commit, and a check queued behind them outlasts the 1 s haproxy
# gives it, taking a healthy node out of the pool.
monitor_port=$(($4 + 1430))
state=$(mysql -h"$3" -P"$monitor_port" -uroot --connect-timeout=3 -N -B -e "SHOW GLOBAL STATUS LIKE 'wsrep_local_state'" 2>/dev/null | cut -f2)
[ "$state" = "4" ]
