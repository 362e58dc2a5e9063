"""Run a command in a real pseudo-terminal and answer its prompts.

Usage: python3 pty-run.py '<json>' where the JSON holds "argv" (the command),
"cwd", "env" (added to the environment) and "steps": a list of
{"expect": <regex>, "send": <text>} (and "replace": [file, old, new] to
change a file first). Each step waits (up to "timeout"
seconds) until the output since the previous step matches its regex, then
types its text. Prints one JSON object: the exit code, everything the
terminal showed, and the first step that did not match, if any.
"""
import json
import os
import pty
import re
import select
import sys
import time

spec = json.loads(sys.argv[1])
env = dict(os.environ)
env.update(spec.get("env", {}))
timeout = spec.get("timeout", 60)

pid, fd = pty.fork()
if pid == 0:
    os.chdir(spec["cwd"])
    os.execvpe(spec["argv"][0], spec["argv"], env)

output = b""
seen = 0
failed = None


def read_for(seconds):
    global output
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return False
        if not chunk:
            return False
        output += chunk
        return True
    return True


for index, step in enumerate(spec["steps"]):
    pattern = re.compile(step["expect"])
    deadline = time.time() + timeout
    matched = None
    while time.time() < deadline:
        matched = pattern.search(output.decode("utf-8", "replace"), seen)
        if matched:
            break
        if not read_for(0.2):
            break
    if not matched:
        failed = {"step": index, "expect": step["expect"]}
        break
    seen = matched.end()
    # A step may first change a file, as someone else would while the command waits: [path, old, new].
    if "replace" in step:
        target, old, new = step["replace"]
        with open(os.path.join(spec["cwd"], target), encoding="utf-8") as handle:
            text = handle.read()
        if old not in text:
            failed = {"step": index, "replace": old}
            break
        with open(os.path.join(spec["cwd"], target), "w", encoding="utf-8") as handle:
            handle.write(text.replace(old, new, 1))
    os.write(fd, step["send"].encode("utf-8"))

# A walk stuck on a prompt no step answers is ended, not waited for.
if failed:
    os.kill(pid, 9)
# Read what is left, then reap the process.
deadline = time.time() + timeout
while time.time() < deadline and read_for(0.2):
    pass
try:
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
except ChildProcessError:
    code = None
print(json.dumps({"code": code, "output": output.decode("utf-8", "replace"), "failed": failed}))
