#!/usr/bin/env python3
"""The docs tier: Tests/Docs/check.sh TOUCHPANEL runs this with the host build's binary.

Checks, one line each:
  - README.md: at most 250 lines; its first screen (40 lines) shows a picture and the
    commands that put the panel on a Pi (apt install, check, systemctl enable); it names the
    two commands, scripts/demo.sh and scripts/test.sh.
  - every ```ini block in README.md, docs/*.md and boards/README.md passes `touchpanel check`.
    A block is checked as a whole config unless an HTML comment just before it says otherwise:
      <!-- ini: fragment -->            checked inside a minimal config ([board] preset = sim)
      <!-- ini: fragment with mqtt -->  the same, the minimal config with an [mqtt] section
      <!-- ini: fragment with homeassistant -->  ... with a [homeassistant] section
      <!-- ini: file NAME -->           checked, and kept as NAME for the blocks after it in
                                        the same page (a file another block includes)
      <!-- ini: not checked: REASON --> skipped, and listed with its reason
    Blocks are checked in a folder of their own holding examples/' files (pictures, icons),
    with the presets of boards/.
  - every relative link and picture in those pages names a file that exists, and every
    #anchor a heading of the page it points into (GitHub's way of making anchors).
  - the key tables of docs/config-reference.md and the manual page packaging/touchpanel.ini.5
    are what `touchpanel key-docs` prints (scripts/update-doc-keys.sh writes them), and every
    key the binary knows has its row in the reference, under its section.
  - the manual page renders without warnings (man --warnings).
  - docs/troubleshooting.md lists every message Tests/Docs/messages.py takes from the
    sources (config warnings, config errors of whole sections, log lines at error and
    warning priority): one check per message; a missing one is printed with its source line.
  - scripts/demo.sh --fast plays the tour: its event lines, its frames and its contact sheet.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, 'Tests', 'ReferenceImages'))
import keys  # noqa: E402
import messages  # noqa: E402
import png  # noqa: E402

passed = failed = 0


def ok(text):
    global passed
    passed += 1
    print(f'ok   {text}', flush=True)


def bad(text):
    global failed
    failed += 1
    print(f'FAIL {text}', flush=True)


def pages():
    return ['README.md'] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, 'docs', '*.md'))) + ['boards/README.md']


def read(rel):
    return open(os.path.join(ROOT, rel), encoding='utf-8').read()


# --- README --------------------------------------------------------------------------------

def check_readme():
    text = read('README.md')
    lines = text.split('\n')
    count = len(text.rstrip('\n').split('\n'))
    (ok if count <= 250 else bad)(f'README.md: {count} lines (at most 250)')
    first = '\n'.join(lines[:40])
    wanted = ['![', 'apt install touchpanel', 'touchpanel check', 'systemctl enable --now touchpanel']
    missing = [w for w in wanted if w not in first]
    (ok if not missing else bad)('README.md: its first 40 lines show a picture and the commands that put it on a Pi'
                                 + (f' (missing: {", ".join(missing)})' if missing else ''))
    missing = [c for c in ('scripts/demo.sh', 'scripts/test.sh') if c not in text]
    (ok if not missing else bad)('README.md: names the two commands' + (f' (missing: {", ".join(missing)})' if missing else ''))


# --- ini blocks ----------------------------------------------------------------------------

MINIMAL = '[board]\npreset = sim\n\n'
WITH = {
    'mqtt': '[mqtt]\nhost = 127.0.0.1\n\n',
    'homeassistant': '[homeassistant]\nurl = http://127.0.0.1:8123\ntoken_file = token\n\n',
}


def ini_blocks(rel):
    """(line, marker, text) of each ```ini block: marker is the text of an <!-- ini: ... -->
    comment on the lines just before the fence (blank lines between allowed), else ''."""
    lines = read(rel).split('\n')
    blocks, index = [], 0
    while index < len(lines):
        if re.match(r'^\s*```ini\s*$', lines[index]):
            start = index
            marker = ''
            back = index - 1
            while back >= 0 and not lines[back].strip():
                back -= 1
            if back >= 0:
                match = re.match(r'^\s*<!--\s*ini:\s*(.*?)\s*-->\s*$', lines[back])
                if match:
                    marker = match.group(1)
            index += 1
            body = []
            while index < len(lines) and not re.match(r'^\s*```\s*$', lines[index]):
                body.append(lines[index])
                index += 1
            blocks.append((start + 1, marker, '\n'.join(body) + '\n'))
        index += 1
    return blocks


def check_ini_blocks(binary):
    env = dict(os.environ, TOUCHPANEL_BOARDS=os.path.join(ROOT, 'boards'))
    for rel in pages():
        work = tempfile.mkdtemp(prefix='docs-ini-')
        try:
            for path in glob.glob(os.path.join(ROOT, 'examples', '*')):
                os.symlink(path, os.path.join(work, os.path.basename(path)))
            with open(os.path.join(work, 'token'), 'w') as f:
                f.write('a-token\n')
            os.chmod(os.path.join(work, 'token'), 0o600)
            for line, marker, text in ini_blocks(rel):
                where = f'{rel}:{line}'
                if marker.startswith('not checked'):
                    reason = marker.partition(':')[2].strip()
                    ok(f'ini {where}: not checked ({reason or "no reason given"})')
                    continue
                name = 'block.ini'
                config = text
                match = re.match(r'^file\s+(\S+)$', marker)
                if match:
                    name = match.group(1)
                elif marker.startswith('fragment'):
                    extra = marker[len('fragment'):].strip()
                    config = MINIMAL
                    if extra:
                        what = re.match(r'^with\s+(\w+)$', extra)
                        if not what or what.group(1) not in WITH:
                            bad(f'ini {where}: unknown marker "{marker}"')
                            continue
                        config += WITH[what.group(1)]
                    config += text
                elif marker:
                    bad(f'ini {where}: unknown marker "{marker}"')
                    continue
                path = os.path.join(work, name)
                if os.path.islink(path):
                    os.unlink(path)
                with open(path, 'w', encoding='utf-8') as f:
                    f.write(config)
                result = subprocess.run([binary, 'check', name, '--quiet'], cwd=work, env=env,
                                        capture_output=True, text=True)
                if result.returncode == 0:
                    ok(f'ini {where}' + (f' ({marker})' if marker else ''))
                else:
                    bad(f'ini {where}' + (f' ({marker})' if marker else '') + ': touchpanel check says:\n'
                        + '\n'.join('     ' + l for l in (result.stderr + result.stdout).strip().split('\n')[:12]))
        finally:
            shutil.rmtree(work)


# --- links ---------------------------------------------------------------------------------

def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r'`', '', heading.strip().lower())
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', text)
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


def anchors(rel):
    seen, out = {}, set()
    in_code = False
    for line in read(rel).split('\n'):
        if line.lstrip().startswith('```'):
            in_code = not in_code
            continue
        match = None if in_code else re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
        if match:
            base = slug(match.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f'{base}-{n}')
    return out


def check_links():
    for rel in pages():
        text = read(rel)
        text = re.sub(r'```.*?```', '', text, flags=re.S)
        text = re.sub(r'`[^`\n]*`', '', text)
        problems, count = [], 0
        for target in re.findall(r'!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)', text):
            if re.match(r'^[a-z]+:', target):
                continue
            count += 1
            path, _, anchor = target.partition('#')
            file = os.path.normpath(os.path.join(os.path.dirname(rel), path)) if path else rel
            if not os.path.exists(os.path.join(ROOT, file)):
                problems.append(f'{target}: no file {file}')
                continue
            if anchor and file.endswith('.md') and anchor not in anchors(file):
                problems.append(f'{target}: no heading #{anchor} in {file}')
        if problems:
            bad(f'links in {rel}: ' + '; '.join(problems))
        else:
            ok(f'links in {rel}: {count}, each resolves')


# --- keys and the manual page --------------------------------------------------------------

def check_keys(binary):
    result = subprocess.run([binary, 'key-docs'], capture_output=True, text=True)
    if result.returncode != 0:
        bad(f'touchpanel key-docs: exit {result.returncode}: {result.stderr.strip()}')
        return
    tables = keys.parse(result.stdout)
    reference = read(keys.REFERENCE)
    try:
        wanted = keys.reference_text(tables, reference)
        (ok if wanted == reference else bad)(f'{keys.REFERENCE}: the key tables are what touchpanel key-docs prints'
                                             + ('' if wanted == reference else ' (run scripts/update-doc-keys.sh)'))
    except SystemExit as error:
        bad(str(error))
    manual = read(keys.MANUAL) if os.path.exists(os.path.join(ROOT, keys.MANUAL)) else ''
    same = manual == keys.manual_text(tables)
    (ok if same else bad)(f'{keys.MANUAL}: written from touchpanel key-docs' + ('' if same else ' (run scripts/update-doc-keys.sh)'))
    missing, total = [], 0
    for name, table in tables:
        begin, end = f'<!-- keys:{name} -->', f'<!-- /keys:{name} -->'
        section = reference.split(begin, 1)[1].split(end, 1)[0] if begin in reference else ''
        for key, _, _ in keys.rows(table):
            total += 1
            if f'| `{key}` |' not in section:
                missing.append(f'[{name}] {key}')
    (ok if not missing else bad)(f'every key the binary knows ({total} in {len(tables)} sections) has its row in {keys.REFERENCE}'
                                 + (': missing ' + ', '.join(missing) if missing else ''))
    if shutil.which('man'):
        result = subprocess.run(['man', '--warnings', '-E', 'UTF-8', '-l', '-Tutf8', '-Z', os.path.join(ROOT, keys.MANUAL)],
                                capture_output=True, text=True, env=dict(os.environ, MANWIDTH='80'))
        warnings = result.stderr.strip()
        (ok if result.returncode == 0 and not warnings else bad)(f'{keys.MANUAL}: man renders it without warnings'
                                                                  + (f': {warnings[:400]}' if warnings else ''))
    else:
        bad(f'{keys.MANUAL}: no man to render it (apt install man-db)')


# --- troubleshooting -----------------------------------------------------------------------

def check_troubleshooting():
    page_rel = 'docs/troubleshooting.md'
    page = read(page_rel) if os.path.exists(os.path.join(ROOT, page_rel)) else ''
    listed = messages.messages()
    by_file = {}
    for kind, rel, line, sig, template in listed:
        if sig in page:
            by_file[rel] = by_file.get(rel, 0) + 1
            global passed
            passed += 1
        else:
            bad(f'{page_rel} lacks the {kind} of {rel}:{line}: {template}')
    for rel in sorted(by_file):
        print(f'ok   {page_rel} lists the {by_file[rel]} messages of {rel}', flush=True)


# --- the demo ------------------------------------------------------------------------------

def check_demo():
    out = os.path.join(ROOT, 'out', 'demo')
    result = subprocess.run([os.path.join(ROOT, 'scripts', 'demo.sh'), '--fast'], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        bad(f'scripts/demo.sh --fast: exit {result.returncode}: {result.stderr.strip()[-600:]}')
        return
    events = result.stdout.strip().split('\n')
    wanted = ['"event":"swipe"', '"slider":"dimmer","event":"value"', '"button":"lamp","event":"tap"', '"page":"climate"']
    missing = [w for w in wanted if not any(w in e for e in events)]
    (ok if not missing else bad)(f'scripts/demo.sh --fast: {len(events)} event lines' + (f', none with {missing}' if missing else ', a tap, a slider value, a swipe and a page'))
    frames = sorted(glob.glob(os.path.join(out, 'frame-*.png')))
    (ok if len(frames) >= 10 else bad)(f'scripts/demo.sh --fast: {len(frames)} frames in out/demo/')
    sheet = os.path.join(out, 'contact-sheet.png')
    try:
        width, height, _ = png.decode(sheet)
        fits = width >= 4 * 400 and height >= ((len(frames) + 3) // 4) * 240
        (ok if fits else bad)(f'scripts/demo.sh --fast: out/demo/contact-sheet.png, {width}x{height}, holds the {len(frames)} frames at half size')
    except (OSError, png.PNGError) as error:
        bad(f'scripts/demo.sh --fast: no contact sheet: {error}')
    said = 'contact-sheet.png' in result.stderr and 'What happened' in result.stderr
    (ok if said else bad)('scripts/demo.sh --fast: says what happened and where the contact sheet is')


def main(argv):
    binary = os.path.abspath(argv[1])
    only = set(argv[2:])
    steps = [('readme', check_readme), ('ini', lambda: check_ini_blocks(binary)), ('links', check_links),
             ('keys', lambda: check_keys(binary)), ('troubleshooting', check_troubleshooting), ('demo', check_demo)]
    for name, step in steps:
        if not only or name in only:
            step()
    print(f'{passed} passed, {failed} failed')
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
