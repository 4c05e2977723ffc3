#!/usr/bin/env python3
"""Drafts a scenario and its expected transcript from a real Slurm transcript.

Each recorded command becomes a step at its recorded second (whole seconds after the
first command's second, as slurmctld counts), run as the recorded user; its stdout then
stderr become the expected block. The two recording artefacts named by the transcripts'
README are rewritten: `slurmstepd-nN:` becomes `slurmstepd:`, and the output of `hostname`
inside a job (the machine's name, `vm`) becomes the node's name, which the caller gives.

Usage: transcript2scenario.py TRANSCRIPT --skip REGEX... --host-node JOB:NODE...
The draft is written on stdout as a scenario whose steps carry `expect:` blocks; the test
splits it. Commands that lie outside the mini-cluster (daemons, ssh, logs) are skipped
with --skip.
"""
import argparse
import re
import sys

HEAD = re.compile(r'^=== \[(\d{4}-\d\d-\d\d) (\d\d):(\d\d):(\d\d)\.\d+\] (\w+)([$#]) (.*)$')


def parse(path):
    cmds = []
    cur = None
    section = None
    for line in open(path, encoding='utf-8').read().split('\n'):
        m = HEAD.match(line)
        if m:
            cur = {'t': int(m[2]) * 3600 + int(m[3]) * 60 + int(m[4]), 'user': m[5],
                   'cmd': m[7], 'stdout': [], 'stderr': [], 'exit': 0}
            cmds.append(cur)
            section = None
            continue
        if cur is None:
            continue
        if line == '--- stdout':
            section = 'stdout'
        elif line == '--- stderr':
            section = 'stderr'
        elif line.startswith('--- exit='):
            cur['exit'] = int(line.split('=')[1].split()[0])
            section = None
        elif section:
            cur[section].append(line)
    return cmds


def quote(cmd):
    if "'" not in cmd:
        return "'" + cmd + "'"
    return '"' + cmd.replace('\\', '\\\\').replace('"', '\\"') + '"'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('transcript')
    ap.add_argument('--header', required=True, help='scenario YAML without steps')
    ap.add_argument('--out', required=True, help='output path without extension')
    ap.add_argument('--skip', action='append', default=[])
    ap.add_argument('--vm-node', default='n1', help='node name replacing `vm` in outputs')
    args = ap.parse_args()
    cmds = parse(args.transcript)
    t0 = cmds[0]['t']
    steps, expected = [], []
    for c in cmds:
        if any(re.search(s, c['cmd']) for s in args.skip):
            continue
        at = c['t'] - t0
        text = '\n'.join(c['stdout'] + c['stderr'])
        text = re.sub(r'slurmstepd-n\d+:', 'slurmstepd:', text)
        text = re.sub(r'(?m)^vm$', args.vm_node, text)
        text = re.sub(r'host=vm\b', 'host=' + args.vm_node, text)
        steps.append(f'  - at: {at}\n' + (f'    user: {c["user"]}\n' if c['user'] != 'kim' else '')
                     + f'    run: {quote(c["cmd"])}\n')
        block = f'[+{at // 3600:02d}:{at // 60 % 60:02d}:{at % 60:02d}] $ {c["cmd"]}\n'
        if text:
            block += text + '\n'
        if c['exit']:
            block += f'[exit {c["exit"]}]\n'
        expected.append(block)
    with open(args.out + '.yaml', 'w') as f:
        f.write(open(args.header).read().rstrip('\n') + '\nsteps:\n' + ''.join(steps))
    with open(args.out + '.expected', 'w') as f:
        f.write(''.join(expected))


if __name__ == '__main__':
    sys.exit(main())
