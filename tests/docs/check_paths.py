#!/usr/bin/env python3
"""The files the docs name exist (CTest docs.paths):
  - every `path/like/this.ext` in backticks and every link to a file in README.md and
    docs/*.md, from the repository root, from its page's folder, or from a folder the page
    names in backticks (docs/tests.md's `cases/exact.mjs` under `tests/browser/`); globs (`*`)
    and braces (`histopyramid.{h,cpp}`) expanded. What a build, setup or a run makes (build/,
    ~/.cache, node_modules, bench-*/), the files of other projects (ELSEWHERE) and paths that
    lead out of the repository are skipped;
  - every file name in backticks with no folder (`classify_pass.cpp`) is the name of a file of the
    repository (NAMED_ELSEWHERE aside), and so is each file name in docs/layout.md's map
    (`mesh_export.*`, `hp.js`); each folder of app/ is in the map.
Prints each missing one with its page and line; exits 1 if any.

    check_paths.py [REPO_ROOT]
"""
import glob
import os
import re
import sys

root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..'))
pages = ['README.md'] + sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, 'docs', '*.md')))

# A path: at least one slash, a last part with an extension (or a glob of one); no blanks.
PATH = re.compile(r'^[\w.\-*/{},]+/[\w.\-*{},]+\.[\w*{},]+$')
MADE = ('build/', '~', '/', 'node_modules/', 'bench-', '$')
ELSEWHERE = {
    'samples/': "setup's samples folder (HP_SAMPLES)",
    'templates/': "Debian's mricron-data",
    'mol-repr/': "Mol*'s source",
    '.gpu-browser/': "the GPU machine's run folder",
}
NAMED_ELSEWHERE = {
    'device.sh': "the GPU machine's", 'drive.py': "the GPU machine's",
    'dicom.js': "the web build's (app/dicom/)", 'reader.js': "the web build's (app/reader/)",
    'webgpu.h': "Emscripten's",
    'settings.glsl': "made from the settings table (app/core/settings/settings_block.h)",
    'SDL_config_emscripten.h': "SDL2's source (cmake/sdl2.cmake)",
}
SKIPPED_DIRS = {'.git', 'build', 'node_modules'}
EXT = r'(?:\*|cpp|h|js|mjs|py|sh|md|json|png|cmake|wgsl|glsl|vert|frag|txt|patch|cu|html|css)'
FILE_NAME = r'[\w-][\w.-]*\.(?:\{[\w,]+\}|' + EXT + ')'


def expand(p):
    """Brace alternatives: a.{h,cpp} -> [a.h, a.cpp]."""
    m = re.search(r'\{([^{}]*)\}', p)
    if not m:
        return [p]
    return [q for alt in m.group(1).split(',') for q in expand(p[:m.start()] + alt + p[m.end():])]


def exists(p, bases):
    return all(any(glob.glob(os.path.join(base, q)) for base in bases) for q in expand(p))


names = set()  # the repository's file names
for top, dirs, files in os.walk(root):
    dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
    names.update(files)


def is_file_name(q):
    return any(x == q or (q.endswith('.*') and x.startswith(q[:-1])) for x in names)


missing = 0


def miss(page, n, what):
    global missing
    print(f'{page}:{n}: {what}' if n else f'{page}: {what}')
    missing += 1


for page in pages:
    with open(os.path.join(root, page), encoding='utf-8') as f:
        lines = f.read().split('\n')
    folders = {t for line in lines for t in re.findall(r'`([\w.\-/]+/)`', line)
               if os.path.isdir(os.path.join(root, t))}
    bases = [root, os.path.dirname(os.path.join(root, page))] + [os.path.join(root, d) for d in sorted(folders)]
    for n, line in enumerate(lines, 1):
        named = re.findall(r'`([^`\s]+)`', line)
        links = [t.split('#')[0] for t in re.findall(r'\]\(([^)\s]+)\)', line)]
        named += links
        for p in named:
            p = p.rstrip('.,;:')
            if not p or p.startswith(MADE) or p.startswith(tuple(ELSEWHERE)) or '://' in p or not PATH.match(p):
                continue
            if not os.path.abspath(os.path.join(root, p)).startswith(root + os.sep) and p not in links:
                continue  # outside the repository (`../shared/...` from the root)
            if not exists(p, bases):
                miss(page, n, f'{p} does not exist')
        for p in re.findall(r'`(' + FILE_NAME + r')[.,;:]?`', line):
            if p not in NAMED_ELSEWHERE and not p.startswith('NAME.'):
                for q in expand(p):
                    if not is_file_name(q):
                        miss(page, n, f'{q} is no file of the repository')

# docs/layout.md's map (a code block of folders and the files in them, by name).
with open(os.path.join(root, 'docs', 'layout.md'), encoding='utf-8') as f:
    layout = f.read().split('\n')
block = False
for n, line in enumerate(layout, 1):
    if line.startswith('```'):
        block = not block
        continue
    if not block:
        continue
    for name in re.findall(r'(?<![\w./-])([\w-]+\.(?:\{[\w,]+\}|' + EXT + r'))(?![\w/])', line):
        for q in expand(name):
            if q not in NAMED_ELSEWHERE and not is_file_name(q):
                miss('docs/layout.md', n, f'{q} is no file of the repository')
text = '\n'.join(layout)
for top, dirs, files in os.walk(os.path.join(root, 'app')):
    rel = os.path.relpath(top, root) + '/'
    leaf = os.path.basename(top) + '/'
    if rel not in text and not re.search(r'(?m)^\s+' + re.escape(leaf), text):
        miss('docs/layout.md', None, f'{rel} is not in the map')

print(f'{missing} missing in {len(pages)} pages')
sys.exit(1 if missing else 0)
