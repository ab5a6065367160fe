#!/usr/bin/env python3
"""The key tables the binary documents (`touchpanel key-docs`, from the key enums' docs in
Sources/PanelConfig) in the places they are written out: docs/config-reference.md, between
<!-- keys:NAME --> and <!-- /keys:NAME -->, and the manual page packaging/touchpanel.ini.5.

  keys.py update KEYDOCS   rewrite both from KEYDOCS (the output of `touchpanel key-docs`)
  keys.py check KEYDOCS    exit 1, saying what differs, when either is not what KEYDOCS gives
  keys.py keys KEYDOCS     every SECTION<TAB>KEY the binary knows, one a line

scripts/update-doc-keys.sh runs `update`; the docs tier (Tests/Docs/check.sh) runs `check`.
"""
import difflib
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
REFERENCE = 'docs/config-reference.md'
MANUAL = 'packaging/touchpanel.ini.5'

# How each table's section is written in a config file.
HEADERS = {
    'top': 'the lines before the first section',
    'button': '[button NAME]', 'text': '[text NAME]', 'slider': '[slider NAME]', 'dial': '[dial NAME]',
    'qr': '[qr NAME]', 'chart': '[chart NAME]', 'page': '[page NAME]', 'output': '[output NAME]',
}


def parse(key_docs):
    """[(name, table)] from key-docs' output."""
    tables = re.findall(r'<!-- keys:(\S+) -->\n(.*?)<!-- /keys:\1 -->\n', key_docs, flags=re.S)
    if not tables:
        raise SystemExit('keys.py: no key tables in the key-docs output')
    return tables


def rows(table):
    """(key, default, what) of each row, the cells' markdown as written."""
    out = []
    for line in table.split('\n')[2:]:
        if not line.startswith('| '):
            continue
        cells = re.split(r'(?<!\\) \| ', line[2:-2])
        key = cells[0].strip('`')
        out.append((key, cells[1].replace('\\|', '|'), cells[2].replace('\\|', '|')))
    return out


def reference_text(tables, current):
    text = current
    for name, table in tables:
        begin, end = f'<!-- keys:{name} -->\n', f'<!-- /keys:{name} -->'
        if text.count(begin) != 1 or end not in text:
            raise SystemExit(f'{REFERENCE}: {begin.strip()} ... {end} must stand there once')
        start = text.index(begin) + len(begin)
        stop = text.index(end, start)
        text = text[:start] + table + text[stop:]
    return text


def roff_inline(markdown):
    """A cell's markdown as roff: `code` bold, the rest plain; backslashes and dashes escaped."""
    out = []
    for index, part in enumerate(markdown.split('`')):
        part = part.replace('\\', '\\e').replace('-', '\\-')
        out.append(f'\\fB{part}\\fR' if index % 2 else part)
    text = ''.join(out)
    return '\\&' + text if text[:1] in ('.', "'") else text


MANUAL_HEAD = r'''.\" Written by scripts/update-doc-keys.sh from the key docs in the sources
.\" (touchpanel key-docs); do not edit: change the key's doc and run the script again.
.TH TOUCHPANEL.INI 5 "" "touchpanel" "File Formats"
.SH NAME
touchpanel.ini \- the configuration file of touchpanel
.SH SYNOPSIS
.I /etc/touchpanel/panel.ini
.SH DESCRIPTION
.B touchpanel
reads its panel from an INI file: sections in brackets, then
.I key = value
lines.
A
.B ;
after white space starts a comment, and so does a
.B #
at the start of a line.
Lines are at most 198 characters.
Unknown sections and keys, repeated keys or sections, bad values and missing required
keys are errors, each with the file and line; nothing runs on a config that is not fully
understood.
.PP
.B [board] preset = NAME
applies the board preset
.I /usr/share/touchpanel/boards/NAME.ini
first; the file's own keys replace the preset's, key by key.
Items
.RB ( [button\ NAME] ,
.BR [text\ NAME] ,
.BR [slider\ NAME] ,
.BR [dial\ NAME] ,
.BR [qr\ NAME] ,
.BR [chart\ NAME] )
are drawn in file order; with
.B [page NAME]
sections each item names its page.
.PP
.B touchpanel check FILE
prints the configuration with every default filled in, or every error with its file and
line.
Colours are written
.BR #RRGGBB .
Below, each section's keys with their defaults, in the order error messages list them.
'''

MANUAL_TAIL = r'''.SH FILES
.TP
.I /etc/touchpanel/panel.ini
the configuration the service runs (a conffile)
.TP
.I /usr/share/touchpanel/boards/
the board presets
.TP
.I /usr/share/doc/touchpanel/
the guides: getting started, the config reference with examples, Home Assistant and MQTT,
pages, outputs, the service and troubleshooting
.SH SEE ALSO
.BR touchpanel (1),
.BR systemctl (1),
.BR journalctl (1)
'''


def manual_text(tables):
    lines = [MANUAL_HEAD.rstrip('\n')]
    lines.append('.SH SECTIONS')
    for name, table in tables:
        header = HEADERS.get(name, f'[{name}]')
        lines.append(f'.SS {roff_inline(header)}')
        for key, default, what in rows(table):
            lines.append('.TP')
            lines.append(f'.B {key}')
            lines.append(f'{roff_inline(what)}.')
            if default.startswith('required'):
                lines.append(f'{roff_inline("R" + default[1:])}.')
            else:
                lines.append(f'Default: {roff_inline(default)}.')
    lines.append(MANUAL_TAIL.rstrip('\n'))
    return '\n'.join(lines) + '\n'


def main(argv):
    if len(argv) != 3 or argv[1] not in ('update', 'check', 'keys'):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    tables = parse(open(argv[2], encoding='utf-8').read())
    if argv[1] == 'keys':
        for name, table in tables:
            for key, _, _ in rows(table):
                print(f'{name}\t{key}')
        return 0
    reference_path = os.path.join(ROOT, REFERENCE)
    manual_path = os.path.join(ROOT, MANUAL)
    current_reference = open(reference_path, encoding='utf-8').read()
    current_manual = open(manual_path, encoding='utf-8').read() if os.path.exists(manual_path) else ''
    wanted = {reference_path: reference_text(tables, current_reference), manual_path: manual_text(tables)}
    current = {reference_path: current_reference, manual_path: current_manual}
    status = 0
    for path, text in wanted.items():
        if current[path] == text:
            continue
        rel = os.path.relpath(path, ROOT)
        if argv[1] == 'update':
            open(path, 'w', encoding='utf-8').write(text)
            print(f'{rel}: rewritten')
        else:
            status = 1
            diff = difflib.unified_diff(current[path].splitlines(), text.splitlines(), rel, rel + ' (from key-docs)', lineterm='', n=1)
            print('\n'.join(list(diff)[:40]))
            print(f'{rel}: not what the binary documents; run scripts/update-doc-keys.sh')
    return status


if __name__ == '__main__':
    sys.exit(main(sys.argv))
