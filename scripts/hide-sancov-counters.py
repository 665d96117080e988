#!/usr/bin/env python3
"""Hides an instrumented shared library's coverage counters from libFuzzer, in place.

A library built with -fsanitize=fuzzer-no-link hands its 8-bit counters and its PC table to
libFuzzer from its constructors, through two imported functions
(__sanitizer_cov_8bit_counters_init, __sanitizer_cov_pcs_init) that the fuzz target's
libFuzzer defines. This renames those two imports in the library's dynamic string table to
`labs` (libc's, which ignores what it is given here): the library still increments its
counters on every edge, so each input costs what it cost, but libFuzzer never learns of
them and its `cov:` and its corpus are the fuzz target's alone. The comparison and switch
callbacks are left as they are. Used by scripts/build-z3-instrumented.sh fuzzer-hidden.

Usage: hide-sancov-counters.py LIBRARY.so
"""
import struct
import sys

HIDDEN = (b"__sanitizer_cov_8bit_counters_init", b"__sanitizer_cov_pcs_init")
STAND_IN = b"labs"
SHT_DYNSYM = 11


def main(path):
    data = bytearray(open(path, "rb").read())
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit(f"{path}: not a 64-bit little-endian ELF file")
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    dynsym = next((s for s in sections if s[1] == SHT_DYNSYM), None)
    if dynsym is None:
        sys.exit(f"{path}: no dynamic symbol table")
    strtab = sections[dynsym[6]][4]
    symbols = []
    for i in range(dynsym[5] // 24):
        st_name, _info, _other, st_shndx = struct.unpack_from("<IBBH", data, dynsym[4] + i * 24)
        start = strtab + st_name
        symbols.append((start, bytes(data[start:data.index(b"\0", start)]), st_shndx))
    done = []
    for start, name, shndx in symbols:
        if name not in HIDDEN or shndx != 0:
            continue
        # The linker may share a string's tail between names: then renaming one renames both.
        shared = [n for s, n, _ in symbols if start < s < start + len(name)]
        if shared:
            sys.exit(f"{path}: {name.decode()} shares its string with {shared}; not patched")
        data[start:start + len(name)] = STAND_IN + b"\0" * (len(name) - len(STAND_IN))
        done.append(name.decode())
    if sorted(done) != sorted(n.decode() for n in HIDDEN):
        sys.exit(f"{path}: expected undefined imports {[n.decode() for n in HIDDEN]}, found {done}")
    open(path, "wb").write(data)
    print(f"{path}: {', '.join(done)} now call labs (counters hidden from libFuzzer)")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
