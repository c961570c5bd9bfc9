#!/usr/bin/env python3
"""Opens a benchmark page as ../shared/gpu-browser/drive.py does (packed beside this file: its
flags, server, clock sampler) and gives the page a real File, as a person picking one does: once
the page sets window.hpBenchPickReady (web/bench/bench_bricks.js with `pick=1`), the DevTools
protocol's DOM.setFileInputFiles puts FILE into the page's file input (#file), whose change
event opens it through the page's own picker path (web/files.js). Issue 40's way of timing a
load from the file picked to the first surface drawn. Standard library only (the GPU machine has
no Node).

usage: drive_pick.py --chrome /opt/chr/chrome.sh --site DIR --path 'index.html?bench=bricks&pick=1'
                     --file /tmp/body.nii --out result.json [--timeout 300] [--swiftshader]
"""
import argparse, base64, json, os, shutil, signal, socket, struct, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import drive  # noqa: E402  (../shared/gpu-browser/drive.py)


class Session:
    """One DevTools websocket, calls in order (the replies' events skipped)."""

    def __init__(self, ws_url):
        hostport, path = ws_url[len('ws://'):].split('/', 1)
        host, port = hostport.rsplit(':', 1)
        self.s = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall((f'GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
                        f'Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n').encode())
        self.buf = b''
        while b'\r\n\r\n' not in self.buf: self.buf += self.s.recv(4096)
        self.buf = self.buf.split(b'\r\n\r\n', 1)[1]
        self.id = 0

    def _frame(self):
        data = b''
        while True:
            while len(self.buf) < 2: self.buf += self.s.recv(65536)
            fin, n, off = self.buf[0] & 0x80, self.buf[1] & 0x7f, 2
            if n == 126:
                while len(self.buf) < 4: self.buf += self.s.recv(65536)
                n, off = struct.unpack('>H', self.buf[2:4])[0], 4
            elif n == 127:
                while len(self.buf) < 10: self.buf += self.s.recv(65536)
                n, off = struct.unpack('>Q', self.buf[2:10])[0], 10
            while len(self.buf) < off + n: self.buf += self.s.recv(65536)
            data += self.buf[off:off + n]; self.buf = self.buf[off + n:]
            if fin: return json.loads(data)

    def call(self, method, **params):
        self.id += 1
        msg = json.dumps({'id': self.id, 'method': method, 'params': params}).encode()
        head = bytearray([0x81]); n = len(msg)
        head += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack('>H', n)
        mask = os.urandom(4); head += mask
        self.s.sendall(bytes(head) + bytes(b ^ mask[i % 4] for i, b in enumerate(msg)))
        while True:
            reply = self._frame()
            if reply.get('id') == self.id:
                if 'error' in reply: raise RuntimeError(f'{method}: {reply["error"]}')
                return reply.get('result', {})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--chrome', required=True); ap.add_argument('--site', required=True)
    ap.add_argument('--path', required=True); ap.add_argument('--file', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--timeout', type=float, default=300); ap.add_argument('--swiftshader', action='store_true')
    a = ap.parse_args()
    box = {}
    srv = drive.serve(os.path.abspath(a.site), box)
    profile = tempfile.mkdtemp(prefix='chr-profile-')
    url = f'http://127.0.0.1:{srv.server_address[1]}/{a.path.lstrip("/")}'
    cmd = [a.chrome] + drive.COMMON + (drive.CPU_FLAGS if a.swiftshader else drive.GPU_FLAGS) + [f'--user-data-dir={profile}', url]
    log = open(a.out + '.log', 'w')
    clocks = drive.sample_clocks()
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    t0 = time.time()
    picked, s = None, None
    while 'result' not in box and proc.poll() is None and time.time() - t0 < a.timeout:
        time.sleep(0.2)
        if picked is not None: continue
        try:  # the page's target, once the browser says where
            if s is None:
                port = open(os.path.join(profile, 'DevToolsActivePort')).read().split()[0]
                pages = json.load(urllib.request.urlopen(f'http://127.0.0.1:{port}/json/list', timeout=5))
                page = next(p for p in pages if p.get('type') == 'page' and p.get('url', '').startswith(url.split('?')[0]))
                s = Session(page['webSocketDebuggerUrl'])
            if not s.call('Runtime.evaluate', expression='window.hpBenchPickReady === true', returnByValue=True)['result'].get('value'):
                continue
            doc = s.call('DOM.getDocument', depth=1)
            node = s.call('DOM.querySelector', nodeId=doc['root']['nodeId'], selector='#file')['nodeId']
            s.call('DOM.setFileInputFiles', files=[os.path.abspath(a.file)], nodeId=node)
            picked = round(time.time() * 1000)
            print(f'picked {a.file} through #file at {picked}', flush=True)
        except (OSError, ValueError, StopIteration, KeyError, RuntimeError) as e:
            if time.time() - t0 > a.timeout / 2: print(f'not picked yet: {e!r}', flush=True)
    gpu = None
    try:
        port, path = open(os.path.join(profile, 'DevToolsActivePort')).read().split()[:2]
        info = drive.cdp_call(f'ws://127.0.0.1:{port}{path}', 'SystemInfo.getInfo').get('gpu', {})
        aux = info.get('auxAttributes', {})
        gpu = {k: aux.get(k) for k in ('glRenderer', 'glVersion', 'vulkanVersion') if k in aux}
    except Exception as e:  # the page result is what matters; GPU info is a label
        gpu = {'error': repr(e)}
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try: proc.wait(5)
        except subprocess.TimeoutExpired: os.killpg(proc.pid, signal.SIGKILL)
    srv.shutdown(); shutil.rmtree(profile, ignore_errors=True)
    out = {'url': url, 'file': a.file, 'pickedEpochMs': picked, 'seconds': round(time.time() - t0, 1), 'gpu': gpu,
           'clocks': clocks(), 'result': box.get('result')}
    json.dump(out, open(a.out, 'w'), indent=1)
    print(json.dumps({k: out[k] for k in ('seconds', 'gpu')} | {'smMHz': (out['clocks'] or {}).get('smMHz')}))
    sys.exit(0 if 'result' in box else 1)


if __name__ == '__main__':
    main()
