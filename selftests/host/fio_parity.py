#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The comparisons of test_fio_parity.sh: fio's report and kiogen's of one
# job, as --output-format=terse,json(+),normal writes them, reduced to their
# structure, and the differences not in the list of deliberate ones of
# Documentation/kiogen/numbers.rst (DOC).
#   fio_parity.py compare DOC FIO_OUT KIOGEN_OUT TARGET USED_FILE
#   fio_parity.py stale DOC USED_FILE
import fnmatch, json, os, re, sys
from difflib import SequenceMatcher

def deliberate(doc):
    """The patterns of the doc's list under its title "Deliberate differences
    from fio's output" (reStructuredText: a title is a line underlined by a
    line of one punctuation character): ``text ...``, ``terse ...``,
    ``json ...`` in its items, each a line that starts with "- " and the
    lines indented under it."""
    lines = open(doc).read().split('\n')
    items, on = [], False
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ''
        if line.strip() and re.fullmatch(r'([=\-~^"\'`#*+])\1+', nxt) and len(nxt) >= len(line):
            on = "Deliberate differences from fio's output" in line
        elif on and line.startswith('- '):
            items.append(line[2:])
        elif on and items and line.startswith('  ') and line.strip():
            items[-1] += ' ' + line.strip()
        elif line.strip() and items:
            on = False              # the paragraph after the list ends it
    return [p for item in items for p in re.findall(r'``([^`]+)``', item)
            if p.split(' ')[0] in ('text', 'terse', 'json')]

def split(f, path):
    """preamble + normal text, terse lines, JSON"""
    lines = open(f).read().split('\n')
    text, terse, js, i = [], [], [], 0
    while i < len(lines):
        l = lines[i]
        if re.match(r'^[345];', l):
            terse.append(l)
        elif l == '{':
            while lines[i] != '}':
                js.append(lines[i]); i += 1
            js.append('}')
        else:
            text.append(l)
        i += 1
    return text, terse, json.loads('\n'.join(js))

NUM = r'\d+(?:\.\d+)?(?:[kKMGTP]i?)?B?(?:/s)?(?:msec|usec|nsec|sec)?'

def norm_text(lines, path):
    out = []
    for l in lines:
        l = l.rstrip().replace(path, 'FILE')
        l = re.sub(r'\w{3} \w{3} +\d+ \d+:\d+:\d+ \d{4}', 'DATE', l)
        l = re.sub(r'fio-\d+\.\d+|kiogen-\S+', 'VERSION', l)
        l = re.sub(r'^  \S+: ios=', '  DEV: ios=', l)
        l = re.sub(r'\((?:nsec|usec|msec|sec| *[KMG]iB/s)\)', '(U)', l)
        if l.startswith('     |'):
            l = '     | PERCENTILES'
        l = re.sub(NUM, 'N', l)
        l = re.sub(r'([=\[]) +N', r'\1N', l)    # padding of a number's width
        l = l.replace('>=N=N%', 'N=N%')        # the last bucket (>=2000 msec) is a bucket
        l = re.sub(r'N=N%(?:, N=N%)*', 'N=N%...', l)
        ind = len(l) - len(l.lstrip())
        l = ' ' * ind + re.sub(r' +', ' ', l.strip())
        # lines of one label that wrap at different values are one line
        if not out or out[-1] != l or not l:
            out.append(l)
    while out and out[-1] == '':
        out.pop()
    return out

def shape(f):
    for pat, s in ((r'\d+\.\d+%=\d+|0%=0', 'PCTL'), (r'\d+\.\d+%', 'PERCENT'),
                   (r'\d+\.\d+', 'DECIMAL'), (r'\d+', 'INTEGER'), (r'', 'EMPTY')):
        if re.fullmatch(pat, f):
            return s
    return 'WORD'

def paths(o, p, out):
    t = {int: 'int', float: 'float', str: 'str', bool: 'bool', dict: 'object',
         list: 'array', type(None): 'null'}[type(o)]
    out.add(p + ' ' + t)
    if isinstance(o, dict):
        for k, v in o.items():
            if k == 'kiogen':
                continue
            # percentiles and buckets are keyed by their values
            if p.endswith('/percentile') or p.endswith('/bins'):
                k = '*'
            paths(v, p + '/' + k, out)
    elif isinstance(o, list):
        for v in o:
            paths(v, p + '[]', out)

def fio_bin(idx):
    """The value fio's json+ keys bucket idx by: 64 buckets per power of two
    (FIO_IO_U_PLAT_BITS 6), the first 128 one nanosecond wide, each keyed by
    its lower bound plus half its width."""
    if idx < 128:
        return idx
    shift = (idx >> 6) - 1
    return (1 << (shift + 6)) + (idx % 64) * (1 << shift) + (1 << shift) // 2

FIO_BINS = set(fio_bin(i) for i in range(64 * 40))

def bins(o, p, out):
    """(path, key) of every json+ bin that is not at a bucket of fio's"""
    if isinstance(o, dict):
        for k, v in o.items():
            if k == 'kiogen':
                continue
            if k == 'bins':
                out += ['json bin %s/bins/%s: not a bucket of fio' % (p, b)
                        for b in v if int(b) not in FIO_BINS]
            else:
                bins(v, p + '/' + k, out)
    elif isinstance(o, list):
        for v in o:
            bins(v, p + '[]', out)

def diffs(fio_out, kg_out, path):
    ft, fterse, fj = split(fio_out, path)
    kt, kterse, kj = split(kg_out, path)
    d = []
    a, b = norm_text(ft, path), norm_text(kt, path)
    # the rate lines need a whole sampling interval (500 ms): on a loaded
    # host one tool's run may last that long and the other's not
    rate = re.compile(r'^ +(?:bw \(U\)|iops) ?: min=')
    if any(map(rate.match, a)) != any(map(rate.match, b)):
        a = [l for l in a if not rate.match(l)]
        b = [l for l in b if not rate.match(l)]
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op != 'equal':
            d += ['text -' + l for l in a[i1:i2]] + ['text +' + l for l in b[j1:j2]]
    if len(fterse) != len(kterse):
        d.append('terse lines: fio %d kiogen %d' % (len(fterse), len(kterse)))
    for fl, kl in zip(fterse, kterse):
        v = fl.split(';')[0]
        fs, ks = [shape(x) for x in fl.split(';')], [shape(x) for x in kl.split(';')]
        if len(fs) != len(ks):
            d.append('terse v%s fields: fio %d kiogen %d' % (v, len(fs), len(ks)))
        for i, (x, y) in enumerate(zip(fs, ks)):
            if x != y:
                d.append('terse v%s field %d: fio %s kiogen %s' % (v, i + 1, x, y))
    if len(fj['jobs']) != len(kj['jobs']):
        d.append('json jobs: fio %d kiogen %d' % (len(fj['jobs']), len(kj['jobs'])))
    # the options as given, with the user's spelling
    if fj.get('global options') != kj.get('global options'):
        d.append('json global options: fio %s kiogen %s' %
                 (fj.get('global options'), kj.get('global options')))
    for fjob, kjob in zip(fj['jobs'], kj['jobs']):
        if fjob.get('job options') != kjob.get('job options'):
            d.append('json job options: fio %s kiogen %s' %
                     (fjob.get('job options'), kjob.get('job options')))
    # bins that merge with fio's, key by key (fio's own as the check's check)
    bins(fj, 'fio:', d)
    bins(kj, '', d)
    pa, pb = set(), set()
    paths(fj, '', pa)
    paths(kj, '', pb)
    d += ['json -' + p for p in sorted(pa - pb)] + ['json +' + p for p in sorted(pb - pa)]
    return d

def compare(doc, fio_out, kg_out, path, used_file):
    """Prints the differences the doc does not list; notes the entries used."""
    pats = deliberate(doc)
    bad, used = [], set()
    for x in diffs(fio_out, kg_out, path):
        hit = [p for p in pats if fnmatch.fnmatchcase(x, p)]
        used.update(hit)
        if not hit:
            bad.append(x)
    with open(used_file, 'a') as f:
        f.writelines(p + '\n' for p in used)
    for x in bad:
        print(x)
    return 1 if bad else 0

def stale(doc, used_file):
    """Prints the doc's entries that no comparison needed."""
    used = set(open(used_file).read().split('\n')) if os.path.exists(used_file) else set()
    for p in deliberate(doc):
        if p not in used:
            print(p)
    return 0

if __name__ == '__main__':
    sys.exit({'compare': compare, 'stale': stale}[sys.argv[1]](*sys.argv[2:]))
