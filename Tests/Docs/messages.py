#!/usr/bin/env python3
"""The messages the panel can print as errors and warnings, taken from its sources, for
docs/troubleshooting.md and its check (Tests/Docs/check.sh).

What is taken (Sources/**/*.swift, comments left out):
  - config warnings: every string literal holding "warning: " (what `check` and `run` print);
  - log lines at error or warning priority: every `.error(` or `.warning(` call whose first
    argument starts with a string literal (what `journalctl -u touchpanel -p warning` shows);
  - config errors: every `errors.add(...)` in Sources/PanelConfig whose message is a string
    literal (the errors of a section as a whole; a bad value's message comes from the value
    parsers and says what was expected, as the key tables do).
A message's template is its literal with each interpolation `\\(...)` written `…`. Its
signature is the longest run of fixed text in it (at least 8 characters); the troubleshooting
page lists a message when it holds that run verbatim.

  messages.py              one line per message: KIND<TAB>FILE:LINE<TAB>SIGNATURE<TAB>TEMPLATE
  messages.py --missing P  the messages page P does not list, one a line, and exit 1 if any
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
MIN_SIGNATURE = 8


def strip_comments(text):
    """Blanks out // comments (not inside strings), keeping line numbers."""
    out = []
    for line in text.split('\n'):
        in_string = False
        index = 0
        cut = len(line)
        while index < len(line):
            char = line[index]
            if char == '\\' and in_string:
                index += 2
                continue
            if char == '"':
                in_string = not in_string
            elif not in_string and line.startswith('//', index):
                cut = index
                break
            index += 1
        out.append(line[:cut])
    return '\n'.join(out)


def literal_at(text, start):
    """The Swift string literal starting at text[start] == '"' (one line, with nested
    interpolations), as (body, end)."""
    assert text[start] == '"'
    index = start + 1
    body = []
    while index < len(text):
        char = text[index]
        if char == '\\' and text[index + 1] == '(':
            depth = 0
            index += 1
            begin = index
            while index < len(text):
                if text[index] == '(':
                    depth += 1
                elif text[index] == ')':
                    depth -= 1
                    if depth == 0:
                        break
                elif text[index] == '"':
                    _, index = literal_at(text, index)
                    continue
                index += 1
            body.append('\x00')
            index += 1
            continue
        if char == '\\':
            body.append(text[index + 1] if text[index + 1] in '"\\' else {'n': '\n', 't': '\t'}.get(text[index + 1], ''))
            index += 2
            continue
        if char == '"':
            return ''.join(body), index + 1
        if char == '\n':
            break
        body.append(char)
        index += 1
    return ''.join(body), index


def literals_from(text, start):
    """The literal at `start` and those joined to it by `+` (a message cut over lines)."""
    body, end = literal_at(text, start)
    while True:
        match = re.compile(r'\s*\+\s*"').match(text, end)
        if not match:
            return body, end
        more, end = literal_at(text, match.end() - 1)
        body += more


def signature(template):
    parts = [part.strip() for part in template.split('\x00')]
    return max(parts, key=len) if parts else ''


def messages():
    found = []
    for folder, _, names in sorted(os.walk(os.path.join(ROOT, 'Sources'))):
        for name in sorted(names):
            if not name.endswith('.swift'):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, ROOT)
            text = strip_comments(open(path, encoding='utf-8').read())

            def line_of(offset):
                return text.count('\n', 0, offset) + 1

            taken = set()
            for match in re.finditer(r'\.(error|warning)\(\s*"', text):
                body, _ = literals_from(text, match.end() - 1)
                found.append(('log ' + match.group(1), rel, line_of(match.start()), body))
                taken.add(match.end() - 1)
            if rel.startswith('Sources/PanelConfig/'):
                for match in re.finditer(r'\berrors\.add\(', text):
                    depth, index = 1, match.end()
                    last_literal = None
                    while index < len(text) and depth:
                        char = text[index]
                        if char == '"':
                            last_literal = index
                            _, index = literals_from(text, index)
                            continue
                        if char == '(':
                            depth += 1
                        elif char == ')':
                            depth -= 1
                        elif char == ',' and depth == 1:
                            last_literal = None
                        index += 1
                    if last_literal is not None:
                        body, _ = literals_from(text, last_literal)
                        found.append(('config error', rel, line_of(match.start()), body))
                        taken.add(last_literal)
            for match in re.finditer(r'"', text):
                pass
            for match in re.finditer(r'warning: ', text):
                # the literal this lies in: scan back to its opening quote on the same line
                line_start = text.rfind('\n', 0, match.start()) + 1
                quote = text.find('"', line_start)
                if quote == -1 or quote > match.start():
                    continue
                body, end = literals_from(text, quote)
                if end < match.start():
                    continue
                at = body.find('warning: ')
                if at == -1:
                    continue
                found.append(('config warning', rel, line_of(match.start()), body[at + len('warning: '):]))
    result = []
    seen = set()
    for kind, rel, line, body in found:
        template = body.replace('\x00', '…')
        sig = signature(body)
        if len(sig) < MIN_SIGNATURE or (kind, template) in seen:
            continue
        seen.add((kind, template))
        result.append((kind, rel, line, sig, template))
    return result


def main():
    args = sys.argv[1:]
    listed = messages()
    if args[:1] == ['--missing']:
        page = open(args[1], encoding='utf-8').read()
        missing = [m for m in listed if m[3] not in page]
        for kind, rel, line, sig, template in missing:
            print(f'{kind}\t{rel}:{line}\t{template}')
        return 1 if missing else 0
    for kind, rel, line, sig, template in listed:
        print(f'{kind}\t{rel}:{line}\t{sig}\t{template}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
