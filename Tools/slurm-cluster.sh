#!/usr/bin/env bash
# A one-node Slurm cluster made of this user's own processes, in a folder of its own, for the
# tests (SlurmArrayTests): munged with its own key and socket, slurmctld and slurmd with a
# generated slurm.conf on free ports. Nothing outside FOLDER is written or read but the programs.
#   Tools/slurm-cluster.sh start FOLDER   # up in a few seconds; clients use SLURM_CONF=FOLDER/slurm.conf
#   Tools/slurm-cluster.sh stop FOLDER    # stops the three by their PIDs
# Needs root (slurmd runs each job as its submitter) and Debian's slurmctld, slurmd, slurm-client
# and munge (`make deps` installs them). Exit 1 with one line when it cannot come up.
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 start|stop FOLDER" >&2
    exit 2
fi
command=$1
folder=$(realpath -m "$2")

stop() {
    local name pid
    for name in slurmd slurmctld munged; do
        if [ -f "$folder/$name.pid" ]; then
            pid=$(cat "$folder/$name.pid")
            kill -TERM "$pid" 2>/dev/null || true
            for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -KILL "$pid" 2>/dev/null || true
            rm -f "$folder/$name.pid"
        fi
    done
}

case $command in
stop)
    stop
    ;;
start)
    # Descriptors inherited from the caller (a test reading this script's output through pipes)
    # are closed, so the daemons started below hold none of them open (the caller's read ends
    # then see their end when this script ends). 255 is the script bash reads.
    for fd in /proc/$$/fd/*; do
        fd=${fd##*/}
        if [ "$fd" -gt 2 ] && [ "$fd" != 255 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    if [ "$(id -u)" != 0 ]; then
        echo "slurm-cluster: needs root (slurmd runs each job as its submitter)" >&2
        exit 1
    fi
    for program in munged slurmctld slurmd sbatch squeue scancel scontrol sinfo; do
        if ! command -v "$program" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$program" ]; then
            echo "slurm-cluster: $program is not installed (Debian's slurmctld, slurmd, slurm-client and munge: make deps)" >&2
            exit 1
        fi
    done
    export PATH="$PATH:/usr/sbin"
    # slurmstepd makes a Unix socket for each job step in the spool folder, named like
    # vm_12.4294967291; a socket's path may not pass 108 bytes, and a longer one fails every job.
    longest="$folder/spool/vm_99999.4294967291"
    if [ "${#longest}" -gt 107 ]; then
        echo "slurm-cluster: the folder's path is too long for slurmstepd's sockets ($((${#folder})) characters; at most $((107 - ${#longest} + ${#folder})))" >&2
        exit 1
    fi
    mkdir -p "$folder/state" "$folder/spool"
    host=$(hostname -s)
    read -r controller_port node_port < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])')
    head -c 1024 /dev/urandom > "$folder/munge.key"
    chmod 400 "$folder/munge.key"
    munged --key-file="$folder/munge.key" --socket="$folder/munge.socket" --pid-file="$folder/munged.pid" \
        --log-file="$folder/munged.log" --seed-file="$folder/munged.seed" --force </dev/null >>"$folder/daemons.log" 2>&1
    cat > "$folder/slurm.conf" <<CONF
ClusterName=breakdown-tests
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$folder/munge.socket
CredType=cred/munge
StateSaveLocation=$folder/state
SlurmdSpoolDir=$folder/spool
SlurmctldPidFile=$folder/slurmctld.pid
SlurmdPidFile=$folder/slurmd.pid
SlurmctldPort=$controller_port
SlurmdPort=$node_port
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
ReturnToService=2
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
SlurmctldLogFile=$folder/slurmctld.log
SlurmdLogFile=$folder/slurmd.log
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=tests Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF="$folder/slurm.conf"
    # The daemons keep no descriptor of the caller's: a caller reading this script's output to its end is not held.
    if ! slurmctld -f "$SLURM_CONF" -i </dev/null >>"$folder/daemons.log" 2>&1 || ! slurmd -f "$SLURM_CONF" </dev/null >>"$folder/daemons.log" 2>&1; then
        stop
        echo "slurm-cluster: slurmctld or slurmd did not start (logs in $folder)" >&2
        exit 1
    fi
    for _ in $(seq 1 300); do
        if [ "$(sinfo -h -o %t 2>/dev/null)" = idle ]; then exit 0; fi
        sleep 0.1
    done
    stop
    echo "slurm-cluster: the node did not become idle within 30 s (logs in $folder: $(tail -1 "$folder/slurmctld.log" 2>/dev/null))" >&2
    exit 1
    ;;
*)
    echo "usage: $0 start|stop FOLDER" >&2
    exit 2
    ;;
esac
