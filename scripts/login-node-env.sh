#!/usr/bin/env bash
# login-node-env.sh — a throwaway Slurm "login node" on loopback for integration tests:
# a real OpenSSH server and a real Slurm (22.05 on Debian 12, 24.11 on Debian 13) with one
# node and accounting (slurmdbd over MariaDB on a unix socket), all started from, configured
# in and recorded under one state directory.
#
#   scripts/login-node-env.sh install            # apt-get installs what is missing (root)
#   scripts/login-node-env.sh up DIR             # start munged, slurmctld, slurmd, sshd; write DIR/env
#   scripts/login-node-env.sh down DIR [--keep-logs]   # stop exactly what `up DIR` started, remove it
#   scripts/login-node-env.sh status DIR         # which of the recorded daemons are alive
#
# Environment overrides for `up`: TEST_USER (schedlab-test), NODE_NAME (n1), PARTITION (normal),
# LOGIN_NODE_SSH_PORT, LOGIN_NODE_SLURMCTLD_PORT, LOGIN_NODE_SLURMD_PORT (default: free ports
# picked at run time), LOGIN_NODE_DBD_PORT, AUTHORIZED_KEYS_OWNER (root: who may write the
# authorized_keys file), LOGIN_NODE_ACCOUNTING (slurmdbd, the default; none: no slurmdbd and
# no MariaDB, sacct says accounting storage is disabled).
# Nothing outside DIR is configured: no /etc/slurm, /etc/ssh, /etc/munge, no system munge
# socket. Outside DIR, `up` may create the test user (and its home) and /run/sshd; `down`
# removes those only if `up` created them. See tests/remote/LOGIN-NODE-ENV.md.
set -u
export LC_ALL=C
umask 022

PROG=login-node-env
MARK=SCHEDLAB_LOGIN_ENV_DIR          # every daemon we start carries MARK=DIR in its environment
PACKAGES=(openssh-server slurmctld slurmd slurm-client munge slurmdbd mariadb-server)
SSHD=/usr/sbin/sshd
MUNGED=/usr/sbin/munged
SLURMCTLD=/usr/sbin/slurmctld
SLURMD=/usr/sbin/slurmd
SLURMDBD=/usr/sbin/slurmdbd
MARIADBD=/usr/sbin/mariadbd
DOWN_FAILED=0

say() { echo "$PROG: $*"; }
err() { echo "$PROG: $*" >&2; }
usage() { awk 'NR == 1 {next} /^#/ {sub(/^# ?/, ""); print; next} {exit}' "$0"; }
now_ms() { date +%s%3N; }
secs() { printf '%d.%d' $(( $1 / 1000 )) $(( $1 % 1000 / 100 )); }  # ms -> s with one decimal

# ------------------------------------------------------------------------- helpers
# normdir PATH -> absolute path without symlinks/dots, restricted to characters that are safe
# unquoted in slurm.conf, sshd_config and DIR/env.
normdir() {
  local d
  [ -n "${1:-}" ] || { err "missing state directory argument"; usage >&2; exit 2; }
  d=$(realpath -m -- "$1") || exit 2
  if ! [[ $d =~ ^/[A-Za-z0-9._/-]+$ ]] || [ "$d" = / ]; then
    err "state directory '$d' may contain only [A-Za-z0-9._/-] (and must not be /)"; exit 2
  fi
  # unix socket path limit (108 bytes incl. NUL) for DIR/munge.socket.2.lock
  if [ ${#d} -gt 80 ]; then err "state directory path too long (${#d} > 80 chars): $d"; exit 2; fi
  echo "$d"
}

# DIR and SF, the bookkeeping file of `up` (what it created and started) in it
set_dir() { DIR=$(normdir "$1") || exit 2; SF=$DIR/.login-node-env.state; }
have_state() { # DIR holds the bookkeeping of an `up` of this script for this very DIR
  [ -f "$SF" ] && [ "$(head -n 1 "$SF")" = "# $PROG state of $DIR" ]
}
new_state() { echo "# $PROG state of $DIR" > "$SF"; chmod 644 "$SF"; }

has_mark() { # has_mark PID -> the process carries MARK=DIR in its environment
  { tr '\0' '\n' < "/proc/$1/environ"; } 2>/dev/null | grep -qxF "$MARK=$DIR"
}
ours() { # ours PID COMM -> PID is a live COMM started for DIR (its command line names DIR;
         # sshd rewrites its environment area for its process title, so no MARK check there)
  [ "$(cat "/proc/$1/comm" 2>/dev/null)" = "$2" ] || return 1
  { tr '\0' '\n' < "/proc/$1/cmdline"; } 2>/dev/null | grep -qF "$DIR/" || has_mark "$1"
}
alive() { # alive PIDFILE COMM -> prints pid, 0 if the pid file names a live process of ours
  local pf=$1 comm=$2 pid
  [ -s "$pf" ] || return 1
  pid=$(tr -dc 0-9 < "$pf" 2>/dev/null)
  [ -n "$pid" ] && ours "$pid" "$comm" || return 1
  echo "$pid"
}
running() { # running PID -> exists and is not a zombie (init may reap orphans late)
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat:0:1}" != Z ]
}
record() { echo "$*" >> "$SF"; }
recorded() { have_state && grep -qx "$*" "$SF"; }

# stop_daemon NAME PIDFILE COMM [SECONDS]: SIGTERM, wait up to SECONDS (10), then SIGKILL
# (and wait up to 3 s)
stop_daemon() {
  local name=$1 pf=$2 comm=$3 wait=${4:-10} pid i t0
  pid=$(alive "$pf" "$comm") || return 0
  t0=$(now_ms)
  kill -TERM "$pid" 2>/dev/null
  for i in $(seq $(( wait * 20 ))); do running "$pid" || break; sleep 0.05; done
  if running "$pid" && ours "$pid" "$comm"; then
    err "$name (pid $pid) still running $wait s after SIGTERM; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null
    for i in $(seq 30); do running "$pid" || break; sleep 0.1; done
    running "$pid" && { err "$name (pid $pid) survived SIGKILL"; DOWN_FAILED=1; return 1; }
  fi
  say "stopped $name (pid $pid) in $(secs $(( $(now_ms) - t0 ))) s"
}

# What would outlive our daemons: slurmstepd (double-forked by slurmd, so a child of init;
# it carries MARK and holds DIR/log/slurmd.log open) with the job processes below it, and
# the per-connection sshd processes below our sshd with the user's shells/sftp below those.
# Prints "pid:starttime" for every process in those trees, never a daemon itself, this
# script or its ancestors.
proc_tree_snapshot() {
  local d pid stat rest ppid p comm
  declare -A kids=() start=() skip=()
  p=$$; while [ "$p" -gt 1 ] 2>/dev/null; do   # never touch ourselves or our ancestors
    skip[$p]=1; stat=$(cat "/proc/$p/stat" 2>/dev/null) || break
    rest=${stat##*) }; set -- $rest; p=$2
  done
  # roots: our sshd (its children are the ssh sessions); the children of slurmctld
  # (slurmscriptd), slurmd and munged belong to them and go away with them
  local roots=() _d name pf daemons=" "
  if have_state; then
    while read -r _d name pf comm; do
      pid=$(alive "$pf" "$comm") || continue
      skip[$pid]=1; daemons+="$pid "
      [ "$name" = sshd ] && roots+=("$pid")
    done < <(grep '^daemon ' "$SF")
  fi
  local marked f
  marked=" $(grep -lzxF "$MARK=$DIR" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3 | tr '\n' ' ')"
  for d in /proc/[0-9]*; do
    pid=${d#/proc/}
    read -r stat 2>/dev/null < "$d/stat" || continue
    rest=${stat##*) }; set -- $rest
    ppid=$2; start[$pid]=${20}
    kids[$ppid]+="$pid "
    case "$daemons" in *" $ppid "*|*" $pid "*) continue ;; esac
    case "$marked" in *" $pid "*) roots+=("$pid"); continue ;; esac
    read -r comm 2>/dev/null < "$d/comm" || continue
    [ "$comm" = slurmstepd ] || continue
    for f in "$d"/fd/*; do
      case "$(readlink "$f" 2>/dev/null)" in "$DIR"/*) roots+=("$pid"); break ;; esac
    done
  done
  local queue=("${roots[@]}") seen=" " out=()
  while [ ${#queue[@]} -gt 0 ]; do
    pid=${queue[0]}; queue=("${queue[@]:1}")
    case "$seen" in *" $pid "*) continue ;; esac
    seen+="$pid "
    [ -z "${skip[$pid]:-}" ] && out+=("$pid:${start[$pid]:-0}")
    for p in ${kids[$pid]:-}; do queue+=("$p"); done
  done
  [ ${#out[@]} -gt 0 ] && printf '%s\n' "${out[@]}"
  return 0
}
same_proc() { # same_proc PID:STARTTIME -> the process still exists and is the same one
  local pid=${1%%:*} st=${1##*:} stat rest
  stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
  rest=${stat##*) }; set -- $rest
  [ "${20}" = "$st" ] && [ "$1" != Z ]
}
kill_leftovers() { # kill_leftovers PID:START... : SIGTERM, up to 2 s, SIGKILL
  local list=() e i left
  declare -A dup=()
  for e in "$@"; do
    [ -n "${dup[$e]:-}" ] && continue; dup[$e]=1
    same_proc "$e" && list+=("$e")
  done
  [ ${#list[@]} -gt 0 ] || return 0
  say "terminating ${#list[@]} leftover process(es) below our slurmd/sshd: $(for e in "${list[@]}"; do printf '%s(%s) ' "${e%%:*}" "$(cat /proc/${e%%:*}/comm 2>/dev/null)"; done)"
  for e in "${list[@]}"; do same_proc "$e" && kill -TERM "${e%%:*}" 2>/dev/null; done
  for i in $(seq 40); do
    left=0; for e in "${list[@]}"; do same_proc "$e" && left=1; done
    [ $left = 0 ] && return 0; sleep 0.05
  done
  for e in "${list[@]}"; do same_proc "$e" && kill -KILL "${e%%:*}" 2>/dev/null; done
  sleep 0.2
  for e in "${list[@]}"; do same_proc "$e" && { err "pid ${e%%:*} survived SIGKILL"; DOWN_FAILED=1; }; done
  return 0
}

# ports in use (any state, v4 and v6), from /proc: no dependency on ss/netstat/python
declare -A USED_PORTS=()
load_used_ports() {
  local _a local_addr _r h
  while read -r _a local_addr _r; do
    h=${local_addr##*:}
    [[ $h =~ ^[0-9A-Fa-f]{4}$ ]] && USED_PORTS[$((16#$h))]=1
  done < <(cat /proc/net/tcp /proc/net/tcp6 2>/dev/null)
}
pick_port() { # pick_port VAR: a free port in 20000-31999 (below the ephemeral range)
  local p i
  for i in $(seq 500); do
    p=$((20000 + RANDOM % 12000))
    [ -z "${USED_PORTS[$p]:-}" ] && { USED_PORTS[$p]=1; printf -v "$1" %s "$p"; return 0; }
  done
  err "no free port found"; return 1
}
listening() { # listening PORT -> a TCP socket is in LISTEN state on PORT
  local hex
  hex=$(printf '%04X' "$1")
  awk -v h=":$hex" '$4 == "0A" && substr($2, length($2)-4) == h {f=1} END {exit !f}' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
daemon_env() { # the daemons get a clean environment plus our mark, nothing of the caller's
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$MARK=$DIR" "$@"
}
wait_until() { # wait_until SECONDS CMD... (polls every 0.2 s)
  local n=$(( $1 * 5 )) i; shift
  for i in $(seq "$n"); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  return 1
}

# ------------------------------------------------------------------------- install
cmd_install() {
  local need=() p nocand=0 created_policy=0
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need+=("$p")
  done
  [ ${#need[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    err "needs root to apt-get install ${need[*]}"; exit 77
  fi
  say "installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    # package scripts must not start any daemon (sshd, munge, slurmctld, slurmd)
    printf '#!/bin/sh\n# temporary, from %s install: start no daemons\nexit 101\n' "$PROG" > /usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d; created_policy=1
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
    trap 'exit 130' INT TERM
  fi
  for p in "${need[@]}"; do
    apt-cache policy "$p" 2>/dev/null | grep -q 'Candidate: [0-9]' || nocand=1
  done
  if [ $nocand = 1 ]; then
    apt-get -o DPkg::Lock::Timeout=300 update -qq || { err "apt-get update failed"; exit 1; }
  fi
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${need[@]}" >/dev/null \
    || { err "apt-get install ${need[*]} failed"; exit 1; }
  [ $created_policy = 1 ] && { rm -f /usr/sbin/policy-rc.d; trap - EXIT; }
  say "installed ${need[*]}"
}

# ------------------------------------------------------------------------- accounting
# The slurm.conf lines of the accounting mode (ACCOUNTING, P_DBD set by cmd_up). For
# slurmdbd, AccountingStoragePass names the munge socket its clients sign with.
accounting_lines() {
  if [ "$ACCOUNTING" = slurmdbd ]; then
    printf '%s\n' "# accounting: slurmdbd on 127.0.0.1:$P_DBD, MariaDB on a unix socket in $DIR" \
      AccountingStorageType=accounting_storage/slurmdbd AccountingStorageHost=localhost \
      "AccountingStoragePort=$P_DBD" "AccountingStoragePass=$DIR/munge.socket.2"
  else
    printf '%s\n' '# no accounting: sacct prints "Slurm accounting storage is disabled" (exit 1)' \
      AccountingStorageType=accounting_storage/none
  fi
}

# Succeeds once sacctmgr is answered, or once slurmdbd has logged the fatal error it stops at.
dbd_answers_or_died() {
  sacctmgr -n list cluster >/dev/null 2>&1 || grep -q 'fatal:' "$1" 2>/dev/null
}

# MariaDB (own data folder, unix socket only, no configuration file of the system's), then
# slurmdbd on it, then the cluster, an account and the test user in the database.
start_accounting() {
  local MY=$DIR/mysqlrun SOCK=$DIR/mysqlrun/mysqld.sock PASS
  local mysql=(mariadb --no-defaults --socket="$SOCK" -u root)
  [ -x "$MARIADBD" ] && [ -x "$SLURMDBD" ] || up_fail "accounting needs $MARIADBD and $SLURMDBD: run '$0 install'"
  mkdir -p "$DIR/mysql" "$MY" && chown mysql:mysql "$DIR/mysql" "$MY" && chmod 750 "$DIR/mysql" && chmod 755 "$MY" \
    || up_fail "MariaDB folders"
  mariadb-install-db --no-defaults --user=mysql --datadir="$DIR/mysql" --skip-test-db \
      --auth-root-authentication-method=socket >"$DIR/log/mariadb-install.out" 2>&1 \
    || up_fail "mariadb-install-db: $(tail -n 5 "$DIR/log/mariadb-install.out")"
  record "daemon mariadbd $MY/mysqld.pid mariadbd"
  daemon_env setsid "$MARIADBD" --no-defaults --user=mysql --datadir="$DIR/mysql" --socket="$SOCK" \
      --pid-file="$MY/mysqld.pid" --skip-networking --log-error="$DIR/log/mariadb.log" \
      </dev/null >>"$DIR/log/mariadb.out" 2>&1 &
  wait_until 60 mariadb-admin --no-defaults --socket="$SOCK" ping || up_fail "MariaDB did not start"
  PASS=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
  "${mysql[@]}" -e "CREATE USER 'slurm'@'localhost' IDENTIFIED BY '$PASS';
    GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';" 2>"$DIR/log/mariadb-grant.out" \
    || up_fail "MariaDB user: $(cat "$DIR/log/mariadb-grant.out")"
  # slurmdbd reads slurmdbd.conf beside SLURM_CONF; the MariaDB client library finds the
  # socket through MYSQL_UNIX_PORT (StorageHost=localhost means a unix socket).
  ( umask 077; cat > "$DIR/slurmdbd.conf" <<EOF
# generated by $PROG up $DIR
AuthType=auth/munge
AuthInfo=socket=$DIR/munge.socket.2
DbdHost=localhost
DbdAddr=127.0.0.1
DbdPort=$P_DBD
SlurmUser=root
DebugLevel=info
LogFile=$DIR/log/slurmdbd.log
PidFile=$DIR/run/slurmdbd.pid
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=slurm
StoragePass=$PASS
StorageLoc=slurm_acct_db
EOF
  )
  record "daemon slurmdbd $DIR/run/slurmdbd.pid slurmdbd"
  daemon_env SLURM_CONF="$DIR/slurm.conf" MYSQL_UNIX_PORT="$SOCK" "$SLURMDBD" \
      </dev/null >>"$DIR/log/slurmdbd.out" 2>&1 || up_fail "slurmdbd did not start ($(cat "$DIR/log/slurmdbd.out"))"
  wait_until 60 dbd_answers_or_died "$DIR/log/slurmdbd.log" || true
  if ! sacctmgr -n list cluster >/dev/null 2>&1; then
    local why
    why=$(grep -m 1 'fatal:' "$DIR/log/slurmdbd.log" 2>/dev/null | sed 's/^.*fatal: //' || true)
    # Asked for by default, not by name: a slurmdbd that cannot use the system's MariaDB at
    # all (Debian 13's libmariadb3 1:11.8.9 and Slurm 24.11.5) leaves the node without
    # accounting, and says so; asked for by name, it is a failure.
    if [ -n "$why" ] && [ -z "${LOGIN_NODE_ACCOUNTING:-}" ]; then
      err "accounting off: slurmdbd cannot use this system's MariaDB ($why)"
      stop_daemon slurmdbd "$DIR/run/slurmdbd.pid" slurmdbd
      stop_daemon mariadbd "$MY/mysqld.pid" mariadbd
      ACCOUNTING=none
      grep -v -e '^AccountingStorage' -e '^# accounting: ' "$DIR/slurm.conf" > "$DIR/slurm.conf.new"
      accounting_lines >> "$DIR/slurm.conf.new"
      mv "$DIR/slurm.conf.new" "$DIR/slurm.conf" && chmod 644 "$DIR/slurm.conf"
      return 0
    fi
    up_fail "slurmdbd does not answer${why:+ ($why)}"
  fi
  sacctmgr -i add cluster "$CLUSTER" >/dev/null &&
    sacctmgr -i add account cours Description=course Organization=course >/dev/null &&
    sacctmgr -i add user "$TEST_USER" Account=cours DefaultAccount=cours >/dev/null \
    || up_fail "sacctmgr could not register the cluster, the account or $TEST_USER"
  say "accounting: slurmdbd on 127.0.0.1:$P_DBD, MariaDB on $SOCK"
}

# ------------------------------------------------------------------------- up
UP_T0=0
up_fail() {
  local f
  err "up failed: $*"
  for f in munged.log slurmctld.log slurmd.log sshd.log; do
    [ -s "$DIR/log/$f" ] && { err "---- tail $DIR/log/$f"; tail -n 15 "$DIR/log/$f" >&2; }
  done
  err "---- cleaning up what this up started (logs kept in $DIR/log)"
  do_down 1 >&2
  exit 1
}

cmd_up() {
  set_dir "${1:-}"
  if [ "$(id -u)" != 0 ]; then
    echo "$PROG: needs root to create the test user and start sshd, munged, slurmctld and slurmd" >&2
    exit 77
  fi
  UP_T0=$(now_ms)
  local b missing=()
  for b in "$SSHD" "$MUNGED" "$SLURMCTLD" "$SLURMD" /usr/bin/munge /usr/bin/unmunge /usr/bin/sbatch \
           /usr/bin/squeue /usr/bin/scontrol /usr/bin/ssh-keygen /usr/sbin/useradd /usr/sbin/runuser; do
    [ -x "$b" ] || missing+=("$b")
  done
  if [ ${#missing[@]} -gt 0 ]; then    # a missing prerequisite, like not being root: a skip
    echo "$PROG: needs ${missing[*]}: run '$0 install' as root first" >&2
    exit 77
  fi

  # A previous up on this DIR: refuse while anything of it runs, clean it when it is stale.
  if [ -f "$SF" ] && ! have_state; then err "$SF does not belong to $DIR; not touching it"; exit 1; fi
  if have_state; then
    if status_alive >/dev/null; then
      err "already up in $DIR ($(status_alive | tr '\n' ' ')); run '$0 down $DIR' first"; exit 1
    fi
    say "stale state from an earlier up in $DIR (nothing running): cleaning it first"
    do_down 0 || exit 1
  fi
  if [ -e "$DIR" ] && [ ! -d "$DIR" ]; then err "$DIR exists and is not a directory"; exit 1; fi

  local TEST_USER=${TEST_USER:-schedlab-test}
  local NODE_NAME=${NODE_NAME:-n1} PARTITION=${PARTITION:-normal}
  local CLUSTER=schedlabtest
  ACCOUNTING=${LOGIN_NODE_ACCOUNTING:-slurmdbd}
  case "$ACCOUNTING" in slurmdbd|none) ;; *) err "bad LOGIN_NODE_ACCOUNTING '$ACCOUNTING' (slurmdbd or none)"; exit 2 ;; esac
  [[ $TEST_USER =~ ^[a-z_][a-z0-9_-]*$ ]] || { err "bad TEST_USER '$TEST_USER'"; exit 2; }
  [[ $NODE_NAME =~ ^[A-Za-z][A-Za-z0-9-]*$ ]] || { err "bad NODE_NAME '$NODE_NAME'"; exit 2; }
  [[ $PARTITION =~ ^[A-Za-z][A-Za-z0-9_-]*$ ]] || { err "bad PARTITION '$PARTITION'"; exit 2; }

  if [ ! -d "$DIR" ]; then
    mkdir -p "$DIR" || exit 1
    new_state; record dir-created
  elif [ -f "$DIR/log/.dir-created" ]; then      # left by `down --keep-logs`
    new_state; record dir-created
  else
    new_state; record "dir-mode $(stat -c %a "$DIR")"
  fi
  rm -rf -- "$DIR/log"                 # logs kept by an earlier `down --keep-logs`
  chmod 755 "$DIR"                     # the test user reads slurm.conf, reaches the munge socket
  mkdir -p "$DIR/log" "$DIR/run" "$DIR/state" "$DIR/spool" "$DIR/authorized_keys"
  chmod 755 "$DIR/log" "$DIR/run" "$DIR/spool" "$DIR/authorized_keys"; chmod 700 "$DIR/state"

  # ---- test user
  if ! getent passwd "$TEST_USER" >/dev/null; then
    # password '*': no password login possible, but not "locked" ('!'), so sshd accepts
    # public keys with UsePAM no
    useradd -m -s /bin/bash -p '*' -c "SchedLab login-node test user" "$TEST_USER" \
      || up_fail "useradd $TEST_USER"
    record "user-created $TEST_USER"
    say "created user $TEST_USER"
  fi
  local TEST_HOME TEST_UID
  TEST_HOME=$(getent passwd "$TEST_USER" | cut -d: -f6)
  TEST_UID=$(id -u "$TEST_USER")
  [ -d "$TEST_HOME" ] || up_fail "home directory $TEST_HOME of $TEST_USER does not exist"
  local TEST_SHELL; TEST_SHELL=$(getent passwd "$TEST_USER" | cut -d: -f7)
  [ -x "$TEST_SHELL" ] && [ "${TEST_SHELL##*/}" != nologin ] && [ "${TEST_SHELL##*/}" != false ] \
    || up_fail "$TEST_USER has no usable login shell ($TEST_SHELL): ssh commands could not run"
  runuser -u "$TEST_USER" -- test -x "$DIR" -a -w "$TEST_HOME" \
    || up_fail "$TEST_USER cannot traverse $DIR or write its home $TEST_HOME (check the parent directories' modes)"

  # ---- ports (free now; a race with another program binding them is possible but rare)
  load_used_ports
  local P_CTLD=${LOGIN_NODE_SLURMCTLD_PORT:-} P_SLURMD=${LOGIN_NODE_SLURMD_PORT:-} P_SSH=${LOGIN_NODE_SSH_PORT:-}
  local P_DBD=${LOGIN_NODE_DBD_PORT:-}
  [ -n "$P_CTLD" ] || pick_port P_CTLD || up_fail "ports"
  [ -n "$P_SLURMD" ] || pick_port P_SLURMD || up_fail "ports"
  [ -n "$P_SSH" ] || pick_port P_SSH || up_fail "ports"
  [ -n "$P_DBD" ] || pick_port P_DBD || up_fail "ports"
  local p; for p in "$P_CTLD" "$P_SLURMD" "$P_SSH" "$P_DBD"; do
    [[ $p =~ ^[0-9]+$ ]] && [ "$p" -ge 1 ] && [ "$p" -le 65535 ] || up_fail "bad port '$p'"
    listening "$p" && up_fail "port $p is already in use"
  done

  # ---- munged (own key, socket, pid, log, seed; root-owned key 0600, socket dir 0755)
  local MSOCK=$DIR/munge.socket.2
  ( umask 077; dd if=/dev/urandom of="$DIR/munge.key" bs=1024 count=1 status=none ) || up_fail "munge key"
  record "daemon munged $DIR/run/munged.pid munged"
  daemon_env "$MUNGED" --socket="$MSOCK" --key-file="$DIR/munge.key" \
      --pid-file="$DIR/run/munged.pid" --log-file="$DIR/log/munged.log" \
      --seed-file="$DIR/run/munged.seed" </dev/null >>"$DIR/log/munged.out" 2>&1 \
    || up_fail "munged did not start ($(cat "$DIR/log/munged.out"))"
  wait_until 10 bash -c "munge -n -S '$MSOCK' | unmunge -S '$MSOCK'" || up_fail "munge self-test"

  # ---- slurm.conf

  local HOST JOBHOST HW CPUS MEM NODEHW DEFMEM
  HOST=$(hostname -s); JOBHOST=$(hostname)
  HW=$("$SLURMD" -C 2>/dev/null | head -1)
  CPUS=$(sed -n 's/.* CPUs=\([0-9]*\).*/\1/p' <<<"$HW")
  MEM=$(sed -n 's/.* RealMemory=\([0-9]*\).*/\1/p' <<<"$HW")
  if [ -n "$CPUS" ] && [ -n "$MEM" ]; then
    NODEHW=$(grep -o 'CPUs=[0-9]* Boards=[0-9]* SocketsPerBoard=[0-9]* CoresPerSocket=[0-9]* ThreadsPerCore=[0-9]*' <<<"$HW")
  else
    CPUS=$(nproc); MEM=$(( $(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 )); NODEHW="CPUs=$CPUS"
  fi
  MEM=$(( MEM > 1024 ? MEM - 512 : MEM / 2 ))          # below what slurmd detects
  DEFMEM=$(( MEM / CPUS < 1000 ? MEM / CPUS : 1000 ))   # jobs without --mem: 1000 MB per CPU

  cat > "$DIR/slurm.conf" <<EOF
# generated by $PROG up $DIR — single-node Slurm on loopback for SchedLab integration tests
ClusterName=$CLUSTER
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$P_CTLD
SlurmdPort=$P_SLURMD
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CryptoType=crypto/munge
AuthInfo=socket=$MSOCK
MpiDefault=none
MailProg=/bin/true
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
PlugStackConfig=$DIR/plugstack.conf
ReturnToService=2
# no cgroups
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
$(accounting_lines)
JobCompType=jobcomp/none
# scheduling: start jobs within about a second
SchedulerType=sched/backfill
SchedulerParameters=bf_interval=1,batch_sched_delay=0,sched_min_interval=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=$DEFMEM
MinJobAge=300
KillWait=30
InactiveLimit=0
NodeName=$NODE_NAME NodeHostname=$HOST NodeAddr=127.0.0.1 Port=$P_SLURMD $NODEHW RealMemory=$MEM State=UNKNOWN
PartitionName=$PARTITION Nodes=$NODE_NAME Default=YES MaxTime=00:10:00 State=UP
EOF
  : > "$DIR/plugstack.conf"          # empty: no SPANK plugins (not /etc/slurm/plugstack.conf)
  # Slurm 23.02 and later (Debian 13 has 24.11) set up cgroups in slurmd whatever the plugins
  # above say, and stop where no cgroup file system is mounted (a container, a chroot):
  # cgroup.conf, read beside slurm.conf, turns that off. 22.05 knows no such value.
  if [ "$(slurmd -V 2>/dev/null | awk '{split($2, v, "."); print v[1]}')" -ge 23 ] 2>/dev/null; then
    echo "CgroupPlugin=disabled" > "$DIR/cgroup.conf"
    chmod 644 "$DIR/cgroup.conf"
  fi
  chmod 644 "$DIR/slurm.conf" "$DIR/plugstack.conf"
  export SLURM_CONF=$DIR/slurm.conf

  [ "$ACCOUNTING" = slurmdbd ] && start_accounting

  # ---- slurmctld
  record "daemon slurmctld $DIR/run/slurmctld.pid slurmctld"
  daemon_env "$SLURMCTLD" -f "$DIR/slurm.conf" </dev/null >>"$DIR/log/slurmctld.out" 2>&1 \
    || up_fail "slurmctld did not start ($(cat "$DIR/log/slurmctld.out"))"
  wait_until 30 bash -c 'scontrol ping | grep -q "is UP"' || up_fail "slurmctld does not answer"

  # ---- slurmd
  record "daemon slurmd $DIR/run/slurmd.pid slurmd"
  daemon_env "$SLURMD" -f "$DIR/slurm.conf" -N "$NODE_NAME" </dev/null >>"$DIR/log/slurmd.out" 2>&1 \
    || up_fail "slurmd did not start ($(cat "$DIR/log/slurmd.out"))"

  # ---- sshd (own host key, config, pid file, log)
  if [ ! -d /run/sshd ]; then
    mkdir -p /run/sshd && chmod 755 /run/sshd && record run-sshd-created
  fi
  ssh-keygen -q -t ed25519 -N '' -C "$PROG-host" -f "$DIR/ssh_host_ed25519_key" || up_fail "ssh-keygen"
  local AK=$DIR/authorized_keys/$TEST_USER AK_OWNER=${AUTHORIZED_KEYS_OWNER:-root}
  id -u "$AK_OWNER" >/dev/null 2>&1 || up_fail "AUTHORIZED_KEYS_OWNER '$AK_OWNER' is not a user"
  install -m 644 -o "$AK_OWNER" -g "$(id -g "$AK_OWNER")" /dev/null "$AK"
  # StrictModes checks every directory above the AuthorizedKeysFile: root or user owned,
  # not group/world writable. DIR below /tmp (1777) fails that, so it is turned off then.
  local STRICT=yes dpath=$DIR/authorized_keys o m
  case "$(id -u "$AK_OWNER")" in 0|"$TEST_UID") ;; *) STRICT=no ;; esac   # file owned by someone else
  while [ $STRICT = yes ]; do
    read -r o m < <(stat -c '%u %a' "$dpath")
    if { [ "$o" != 0 ] && [ "$o" != "$TEST_UID" ]; } || (( 8#$m & 8#022 )); then STRICT=no; break; fi
    [ "$dpath" = / ] && break; dpath=$(dirname "$dpath")
  done
  # UsePAM no, unless the account is locked ('!' password): then sshd refuses it without PAM
  local USEPAM=no
  case "$(getent shadow "$TEST_USER" | cut -d: -f2)" in '!'*) USEPAM=yes ;; esac
  cat > "$DIR/sshd_config" <<EOF
# generated by $PROG up $DIR — loopback "login node" for SchedLab integration tests
Port $P_SSH
ListenAddress 127.0.0.1
AddressFamily inet
HostKey $DIR/ssh_host_ed25519_key
PidFile $DIR/run/sshd.pid
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin no
AllowUsers $TEST_USER
AuthorizedKeysFile $DIR/authorized_keys/%u
StrictModes $STRICT
UsePAM $USEPAM
UseDNS no
X11Forwarding no
AllowAgentForwarding no
PrintMotd no
PrintLastLog no
LogLevel VERBOSE
SetEnv SLURM_CONF=$DIR/slurm.conf
Subsystem sftp internal-sftp
EOF
  chmod 644 "$DIR/sshd_config"
  "$SSHD" -t -f "$DIR/sshd_config" 2>"$DIR/log/sshd-t.out" || up_fail "sshd -t: $(cat "$DIR/log/sshd-t.out")"
  record "daemon sshd $DIR/run/sshd.pid sshd"
  daemon_env "$SSHD" -f "$DIR/sshd_config" -E "$DIR/log/sshd.log" </dev/null >>"$DIR/log/sshd.out" 2>&1 \
    || up_fail "sshd did not start ($(cat "$DIR/log/sshd.out"))"

  # ---- wait: node IDLE, sshd listening, the test user can talk to Slurm
  wait_until 30 bash -c "scontrol -o show node '$NODE_NAME' | grep -q ' State=IDLE[ +]'" \
    || up_fail "node $NODE_NAME not IDLE after 30 s: $(scontrol -o show node "$NODE_NAME" 2>&1 | grep -o 'State=[^ ]*\|Reason=.*')"
  wait_until 10 listening "$P_SSH" || up_fail "sshd not listening on 127.0.0.1:$P_SSH"
  alive "$DIR/run/sshd.pid" sshd >/dev/null || up_fail "sshd pid file"
  runuser -u "$TEST_USER" -- env SLURM_CONF="$DIR/slurm.conf" squeue -h >/dev/null 2>"$DIR/log/usercheck.out" \
    || up_fail "squeue as $TEST_USER failed: $(cat "$DIR/log/usercheck.out")"

  cat > "$DIR/env.new" <<EOF
SSH_HOST=127.0.0.1
SSH_PORT=$P_SSH
HOST_KEY_PUB=$DIR/ssh_host_ed25519_key.pub
TEST_USER=$TEST_USER
TEST_HOME=$TEST_HOME
AUTHORIZED_KEYS=$AK
SLURM_CONF=$DIR/slurm.conf
CLUSTER_NAME=$CLUSTER
NODE_NAME=$NODE_NAME
PARTITION=$PARTITION
PARTITION_MAX_TIME=00:10:00
NODE_CPUS=$CPUS
NODE_REAL_MEMORY_MB=$MEM
DEF_MEM_PER_CPU_MB=$DEFMEM
HOSTNAME_IN_JOB=$JOBHOST
SACCT=$([ "$ACCOUNTING" = slurmdbd ] && echo yes || echo no)
DBD_PORT=$([ "$ACCOUNTING" = slurmdbd ] && echo "$P_DBD")
SLURMCTLD_PORT=$P_CTLD
SLURMD_PORT=$P_SLURMD
MUNGE_SOCKET=$MSOCK
LOG_DIR=$DIR/log
STATE_DIR=$DIR
EOF
  chmod 644 "$DIR/env.new"; mv "$DIR/env.new" "$DIR/env"
  find "$DIR/log" -maxdepth 1 -name '*.out' -empty -delete
  say "up in $(secs $(( $(now_ms) - UP_T0 ))) s: ssh -p $P_SSH $TEST_USER@127.0.0.1 (key into $AK), node $NODE_NAME IDLE, env in $DIR/env"
}

# ------------------------------------------------------------------------- status
status_alive() { # prints "name:pid" for each recorded daemon that is alive; 0 if any
  local any=1 _d name pf comm pid
  have_state || return 1
  while read -r _d name pf comm; do
    pid=$(alive "$pf" "$comm") && { echo "$name:$pid"; any=0; }
  done < <(grep '^daemon ' "$SF")
  return $any
}
cmd_status() {
  set_dir "${1:-}"
  have_state || { say "nothing recorded in $DIR"; exit 3; }
  local _d name pf comm pid all=0
  while read -r _d name pf comm; do
    if pid=$(alive "$pf" "$comm"); then say "$name running (pid $pid)"; else say "$name NOT running"; all=1; fi
  done < <(grep '^daemon ' "$SF")
  exit $all
}

# ------------------------------------------------------------------------- down
# do_down KEEP_LOGS: stop everything recorded in $SF, remove what up created.
do_down() {
  local keep_logs=${1:-0} _d name pf comm ids i u
  have_state || return 0
  export SLURM_CONF=$DIR/slurm.conf
  # 0. snapshot the process trees below our daemons before any of them goes away
  local before=()
  mapfile -t before < <(proc_tree_snapshot)
  # 1. no new logins
  stop_daemon sshd "$DIR/run/sshd.pid" sshd
  # 2. cancel all jobs while slurmctld and slurmd still run, so slurmstepd ends them cleanly
  if alive "$DIR/run/slurmctld.pid" slurmctld >/dev/null && [ -f "$SLURM_CONF" ]; then
    ids=$(timeout 10 squeue -h -o %A 2>/dev/null | tr '\n' ' ')
    if [ -n "${ids// /}" ]; then
      timeout 10 scancel $ids 2>/dev/null
      for i in $(seq 25); do    # up to 5 s; a job trapping SIGTERM stays CG for KillWait (30 s)
        [ -z "$(timeout 5 squeue -h -o %A 2>/dev/null)" ] && break; sleep 0.2
      done
      say "cancelled job(s) ${ids% }"
    fi
  fi
  # 3. what the daemons forked and what would outlive them (slurmstepd and job processes,
  #    ssh sessions), then the daemons in reverse start order (munged last: the others use it)
  local late=()
  mapfile -t late < <(proc_tree_snapshot)
  kill_leftovers "${before[@]}" "${late[@]}"
  # slurmd waits up to ~20 s for the threads of a job whose slurmstepd had to be killed;
  # its state is thrown away anyway
  stop_daemon slurmd "$DIR/run/slurmd.pid" slurmd 3
  stop_daemon slurmctld "$DIR/run/slurmctld.pid" slurmctld
  stop_daemon slurmdbd "$DIR/run/slurmdbd.pid" slurmdbd
  stop_daemon mariadbd "$DIR/mysqlrun/mysqld.pid" mariadbd 30
  mapfile -t late < <(proc_tree_snapshot)
  kill_leftovers "${late[@]}"
  stop_daemon munged "$DIR/run/munged.pid" munged
  # 4. files, user, /run/sshd
  u=$(sed -n 's/^user-created //p' "$SF")
  if [ -n "$u" ]; then
    # the user's last sshd session may still be exiting: userdel refuses while it lives
    for _ in $(seq 1 25); do
      userdel -r "$u" 2>"$DIR/userdel.err" && break
      grep -q "currently used by process" "$DIR/userdel.err" || break
      sleep 0.2
    done
    if ! getent passwd "$u" >/dev/null; then
      say "removed user $u (created by up) and its home"
    else
      err "userdel -r $u failed: $(grep -v 'mail spool' "$DIR/userdel.err")"; DOWN_FAILED=1
    fi
    rm -f "$DIR/userdel.err"
  fi
  if recorded run-sshd-created && [ -d /run/sshd ]; then
    # only if no other sshd runs: the system's sshd would need it
    local other=0 c
    for c in $(grep -lx sshd /proc/[0-9]*/comm 2>/dev/null); do
      c=${c#/proc/}; running "${c%/comm}" && other=1
    done
    [ $other = 0 ] && rmdir /run/sshd 2>/dev/null
  fi
  local items=(env env.new slurm.conf slurm.conf.new plugstack.conf cgroup.conf sshd_config ssh_host_ed25519_key ssh_host_ed25519_key.pub
               authorized_keys munge.key munge.socket.2 munge.socket.2.lock run state spool
               slurmdbd.conf mysql mysqlrun)
  [ "$keep_logs" = 1 ] || items+=(log)
  if recorded dir-created && [ "$keep_logs" != 1 ]; then
    rm -rf -- "$DIR"
    say "removed $DIR"
  else
    for i in "${items[@]}"; do rm -rf -- "${DIR:?}/$i"; done
    recorded dir-created && [ -d "$DIR/log" ] && : > "$DIR/log/.dir-created"  # for the next up
    local mode; mode=$(sed -n 's/^dir-mode //p' "$SF")
    rm -f -- "$SF"
    [ -n "$mode" ] && chmod "$mode" "$DIR"
    if [ "$keep_logs" = 1 ]; then say "removed what up created in $DIR, kept $DIR/log"
    else say "removed what up created in $DIR (the directory itself existed before)"; fi
  fi
}

cmd_down() {
  set_dir "${1:-}"
  local keep=0
  [ "${2:-}" = --keep-logs ] && keep=1
  if ! have_state; then say "nothing recorded in $DIR: nothing to stop"; return 0; fi
  if [ "$(id -u)" != 0 ]; then
    echo "$PROG: needs root to stop sshd, munged, slurmctld and slurmd and remove the test user" >&2
    exit 77
  fi
  do_down "$keep"
  return $DOWN_FAILED
}

# ------------------------------------------------------------------------- main
case "${1:-}" in
  install) cmd_install ;;
  up)      shift; cmd_up "$@" ;;
  down)    shift; cmd_down "$@" ;;
  status)  shift; cmd_status "$@" ;;
  -h|--help|help) usage ;;
  *) usage >&2; exit 2 ;;
esac
