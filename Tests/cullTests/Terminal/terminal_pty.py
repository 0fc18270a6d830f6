#!/usr/bin/env python3
"""Runs one command in a real pseudo-terminal, as a job of a tiny job-control shell, and plays a
script against it: what to type, what to wait for, when to resize the window, signal, stop or
continue the job, and when to record `stty -a` of the terminal. Queries the program sends (the
device attributes, the kitty graphics query, ...) can be answered as a terminal would.

Reads one JSON object on stdin:
  argv, env, cwd                the command
  cols, rows, xpixel, ypixel    the window (pixels 0: the terminal does not say)
  background                    true: the job is started as with `&`, not in the foreground
  answers                       [[query, answer], ...]: write `answer` once `query` was output
  steps                         [{"wait": REGEX, "timeout": S} | {"send": TEXT} | {"stty": NAME}
                                 | {"sleep": S} | {"signal": "TERM"} | {"winsize": [COLS, ROWS]}
                                 | {"stopped": S} | {"fg": true} | {"exit": S}]
Prints one JSON object: output (base64 of every byte the program wrote), stty {NAME: text; "initial":
the terminal before the program started},
status (exit code, or -SIGNAL), seconds (from the start to the exit), stopped (whether the job was ever stopped), error (a failed step).

The shell is the session leader and the command runs in a process group of its own in the
foreground, so Ctrl-Z really stops it (a session leader's own group is orphaned, and the kernel
discards a terminal stop sent to an orphaned group), and `fg` hands the terminal back as a shell does.
"""
import base64, fcntl, json, os, re, select, signal, struct, subprocess, sys, termios, time

def main():
    script = json.load(sys.stdin)
    master, slave = os.openpty()
    set_size(master, script.get("cols", 100), script.get("rows", 40), script.get("xpixel", 0), script.get("ypixel", 0))
    slave_name = os.ttyname(slave)
    initial = subprocess.run(["stty", "-a"], stdin=slave, capture_output=True, text=True).stdout
    to_shell_r, to_shell_w = os.pipe()
    from_shell_r, from_shell_w = os.pipe()
    started = time.time()
    shell = os.fork()
    if shell == 0:
        os.close(master); os.close(to_shell_w); os.close(from_shell_r)
        try:
            run_shell(script, slave_name, to_shell_r, from_shell_w)
        except BaseException:
            import traceback
            traceback.print_exc()
            os.write(from_shell_w, b"exit 255\n")
        os._exit(0)
    os.close(to_shell_r); os.close(from_shell_w)
    output = bytearray()
    cursor = 0
    answered = set()
    result = {"stty": {"initial": initial}, "stopped": False, "status": None}
    events = []
    watched = [master, from_shell_r]

    def pump(seconds):
        """Reads what the program wrote and what the shell reports for up to `seconds`."""
        nonlocal output
        end = time.time() + seconds
        while True:
            ready, _, _ = select.select(watched, [], [], max(0, end - time.time()))
            if master in ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    data = b""
                if data:
                    # Only the new bytes (and a query's length before them) are searched: megabytes of
                    # pictures must not make this quadratic.
                    start = max(0, len(output) - 64)
                    output += data
                    for index, (query, answer) in enumerate(script.get("answers", [])):
                        if index not in answered and output.find(query.encode(), start) >= 0:
                            answered.add(index)
                            os.write(master, answer.encode())
            if from_shell_r in ready:
                line = read_line(from_shell_r)
                if not line:
                    watched.remove(from_shell_r)  # the shell is gone
                else:
                    events.append(line)
                    if line == "stopped":
                        result["stopped"] = True
                    elif line.startswith("exit "):
                        result["status"] = int(line.split()[1])
                        result["seconds"] = time.time() - started
            if not ready and time.time() >= end:
                return

    def wait_for(predicate, timeout):
        end = time.time() + timeout
        while time.time() < end:
            if predicate():
                return True
            pump(0.05)
        return predicate()

    try:
        for step in script.get("steps", []):
            if "wait" in step:
                pattern = re.compile(step["wait"].encode(), re.S)
                found = [None]
                def seen():
                    found[0] = pattern.search(output, cursor)
                    return found[0] is not None
                if not wait_for(seen, step.get("timeout", 10)):
                    raise Failure("timed out waiting for %r; the output ends with %r" % (step["wait"], bytes(output[-600:])))
                cursor = found[0].end()
            elif "send" in step:
                os.write(master, step["send"].encode())
            elif "stty" in step:
                pump(0.1)
                text = subprocess.run(["stty", "-a"], stdin=slave, capture_output=True, text=True).stdout
                result["stty"][step["stty"]] = text
            elif "sleep" in step:
                pump(step["sleep"])
            elif "signal" in step:
                os.write(to_shell_w, ("signal %d\n" % getattr(signal, "SIG" + step["signal"])).encode())
            elif "winsize" in step:
                cols, rows = step["winsize"]
                set_size(master, cols, rows, step.get("xpixel", 0), step.get("ypixel", 0))
            elif "stopped" in step:
                if not wait_for(lambda: "stopped" in events, step["stopped"]):
                    raise Failure("the job did not stop")
                events.remove("stopped")
            elif "fg" in step:
                os.write(to_shell_w, b"fg\n")
            elif "exit" in step:
                if not wait_for(lambda: result["status"] is not None, step["exit"]):
                    raise Failure("the program did not exit; the output ends with %r" % bytes(output[-600:]))
        wait_for(lambda: result["status"] is not None, script.get("exit_timeout", 10))
    except Failure as failure:
        result["error"] = str(failure)
    if result["status"] is None:
        os.write(to_shell_w, b"kill\n")
        wait_for(lambda: result["status"] is not None, 5)
    pump(0.05)
    result["output"] = base64.b64encode(bytes(output)).decode()
    json.dump(result, sys.stdout)

class Failure(Exception):
    pass

def set_size(fd, cols, rows, xpixel, ypixel):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, xpixel, ypixel))

def read_line(fd):
    data = b""
    while not data.endswith(b"\n"):
        chunk = os.read(fd, 1)
        if not chunk:
            break
        data += chunk
    return data.decode().strip()

def run_shell(script, slave_name, commands, reports):
    """The session leader: starts the job in the foreground, reports stops and the exit, obeys fg."""
    os.setsid()
    tty = os.open(slave_name, os.O_RDWR)  # the controlling terminal of the new session
    fcntl.ioctl(tty, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    job = os.fork()
    if job == 0:
        os.setpgid(0, 0)
        while not script.get("background") and os.tcgetpgrp(tty) != os.getpgrp():
            time.sleep(0.005)
        for fd in (0, 1, 2):
            os.dup2(tty, fd)
        os.close(tty)
        signal.signal(signal.SIGTTOU, signal.SIG_DFL)
        env = dict(script.get("env", os.environ))
        if script.get("cwd"):
            os.chdir(script["cwd"])
        os.execvpe(script["argv"][0], script["argv"], env)
    try:
        os.setpgid(job, job)  # also done by the job itself: whichever comes first
    except OSError:
        pass
    if not script.get("background"):
        os.tcsetpgrp(tty, job)
    report = lambda text: os.write(reports, (text + "\n").encode())
    while True:
        ready, _, _ = select.select([commands], [], [], 0.02)
        if ready:
            line = read_line(commands)
            if line.startswith("signal "):
                os.kill(job, int(line.split()[1]))
            elif line == "fg":
                os.tcsetpgrp(tty, job)
                os.killpg(job, signal.SIGCONT)
            elif line == "kill":
                os.killpg(job, signal.SIGKILL)
        pid, status = os.waitpid(job, os.WUNTRACED | os.WNOHANG)
        if pid == 0:
            continue
        if os.WIFSTOPPED(status):
            os.tcsetpgrp(tty, os.getpgrp())  # the shell takes the terminal back, as bash does
            report("stopped")
        elif os.WIFEXITED(status):
            report("exit %d" % os.WEXITSTATUS(status))
            return
        elif os.WIFSIGNALED(status):
            report("exit %d" % -os.WTERMSIG(status))
            return

if __name__ == "__main__":
    main()
