"""The text of a log source, read capped and streamed: a path (plain or gzip), a file, or its lines.

``read_text`` reads a source as it comes: a path or a file into ``Chunks`` (its text, in the pieces
it was read in: gunzipped when it starts with gzip's magic bytes, decoded as UTF-8 piece by piece),
an iterable of lines into a list of lines.  Whatever a source expands to, no more than ``MAX_LOG``
bytes, nor ``MAX_LINE`` in one line, are read or decompressed (``CHUNK`` at a time): past a cap,
or on bytes that are not UTF-8 or a truncated or corrupt gzip stream, a ``ValueError`` names the
source, the line number and (shortened) the line (``error``).  ``LazyLines`` splits ``Chunks``
into lines as they are consumed.  What the text holds (mjai, mjlog, tenhou.net/6) is ``_reader``'s
business.

>>> import io
>>> name, text = read_text(io.BytesIO(b'{"type": "start_game"}\\n{"type": "end_game"}\\n'))
>>> name, list(LazyLines(text))
('<lines>', ['{"type": "start_game"}', '{"type": "end_game"}'])
>>> read_text([b'{"type": "start_game"}\\n', '{"type": "end_game"}'])
('<lines>', ['{"type": "start_game"}', '{"type": "end_game"}'])
>>> read_text(["{}", "x" * (MAX_LINE + 1)])
Traceback (most recent call last):
ValueError: <lines>, line 2: a line longer than MAX_LINE (1048576 bytes)
"""
from __future__ import annotations

import codecs
import io
import os
import zlib
from collections.abc import Iterable, Iterator
from typing import IO, Any, Union

Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes], Iterable[str], Iterable[bytes]]
"""What ``replay`` reads: a path (.json, .jsonl, .json.gz), an open file, or the lines themselves."""

_GZIP_MAGIC = b"\x1f\x8b"
_EXCERPT = 120


def source_name(source: object) -> str:
    """How errors name ``source``: the path, the file's name, or ``<lines>``."""
    if isinstance(source, (str, os.PathLike)):
        return os.fsdecode(source)
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else "<lines>"


def _excerpt(line: str) -> str:
    return repr(line if len(line) <= _EXCERPT else line[:_EXCERPT] + "...")


def error(name: str, lineno: int, why: str, line: str | None = None) -> ValueError:
    shown = "" if line is None else f": {_excerpt(line)}"
    return ValueError(f"{name}, line {lineno}: {why}{shown}")


MAX_LINE = 1 << 20
"""The longest line a log may hold, in bytes (1 MiB; a real mjai line or Tenhou tag is under a few KB)."""
MAX_LOG = 1 << 24
"""The most a log may hold once decompressed, in bytes (16 MiB; a real game is under 1 MB)."""
CHUNK = 1 << 16
"""How much is read (and at most decompressed) at a time; not above ``MAX_LINE``."""


class _Cap:
    """Counts the text read so far: raises past ``MAX_LOG`` in all or ``MAX_LINE`` in one line."""

    def __init__(self, name: str) -> None:
        self.name, self.size, self.breaks, self.line = name, 0, 0, 0

    def add(self, piece: bytes | str) -> None:
        newline: Any = b"\n" if isinstance(piece, bytes) else "\n"
        self.size += len(piece)
        end = piece.find(newline)
        if end < 0:
            self.line += len(piece)
        elif len(piece) <= MAX_LINE:  # of the lines that end in this piece, only the first can be too long
            if self.line + end > MAX_LINE:
                raise self.too_long()
            self.breaks += piece.count(newline)
            self.line = len(piece) - piece.rfind(newline) - 1
        else:
            start = 0
            while end >= 0:
                if self.line + end - start > MAX_LINE:
                    raise self.too_long()
                self.breaks += 1
                self.line, start = 0, end + 1
                end = piece.find(newline, start)
            self.line = len(piece) - start
        if self.line > MAX_LINE:
            raise self.too_long()
        if self.size > MAX_LOG:
            raise error(self.name, self.breaks + 1, f"the log is longer than MAX_LOG ({MAX_LOG} bytes)")

    def too_long(self) -> ValueError:
        return error(self.name, self.breaks + 1, f"a line longer than MAX_LINE ({MAX_LINE} bytes)")


class Chunks(list):  # type: ignore[type-arg]
    """A log's text as the pieces it was read in (``str``, each ``CHUNK`` bytes or so), in order.

    What a path or a file is read into: the text is never joined nor split whole, so reading it holds
    no more than the text itself (``stream_lines`` splits it as it goes).  ``other_breaks``: some
    piece holds a line break other than ``\\n`` (then the lines are those of ``str.splitlines``).
    """

    other_breaks = False

    def add(self, piece: str) -> None:
        if piece:
            self.append(piece)
            if not self.other_breaks and any(c in piece for c in _OTHER_BREAKS):
                self.other_breaks = True


class _Decoder:
    """UTF-8 decoding of the bytes read, piece by piece, into ``Chunks``; a ``ValueError`` naming the
    line and the byte of the first that is not UTF-8."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.out = Chunks()
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.read = 0  # bytes given so far
        self.breaks = 0  # "\n" among them

    def add(self, piece: bytes, final: bool = False) -> None:
        pending = self.decoder.getstate()[0]  # the start of a character cut at the end of the last piece
        try:
            text = self.decoder.decode(piece, final)
        except UnicodeDecodeError as exc:  # exc.start counts from the pending bytes
            lineno = self.breaks + (pending + piece).count(b"\n", 0, exc.start) + 1
            raise error(self.name, lineno, f"not UTF-8 ({exc.reason} at byte "
                                            f"{self.read - len(pending) + exc.start})") from None
        self.read += len(piece)
        self.breaks += piece.count(b"\n")
        self.out.add(text)


def _read_bytes(name: str, f: IO[bytes]) -> Chunks:
    """The text of a binary file read in chunks (``Chunks``), gunzipped when it starts with gzip's magic
    bytes; never more than ``MAX_LOG`` bytes (and ``MAX_LINE`` in a line) read or decompressed."""
    cap = _Cap(name)
    decoder = _Decoder(name)
    first = f.read(CHUNK)
    if not isinstance(first, (bytes, bytearray)):
        raise TypeError(f"{name}: a binary file's read() must give bytes, not {type(first).__name__}")
    if first[:2] == _GZIP_MAGIC:
        _gunzip(cap, f, bytes(first), decoder)
    else:
        piece = bytes(first)
        while piece:
            cap.add(piece)
            decoder.add(piece)
            piece = f.read(CHUNK)
    decoder.add(b"", final=True)
    return decoder.out


def _gunzip(cap: _Cap, f: IO[bytes], piece: bytes, out: _Decoder) -> None:
    """Decompress the gzip stream (one member or several) of ``piece`` and the rest of ``f`` into ``out``,
    ``CHUNK`` bytes at most at a time."""
    inflate = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        while True:
            while piece:
                chunk = inflate.decompress(piece, CHUNK)
                piece = inflate.unconsumed_tail
                cap.add(chunk)
                out.add(chunk)
                if inflate.eof:  # the next member, if any (trailing zeros are ignored, as gzip does)
                    piece = inflate.unused_data + piece
                    if not piece.strip(b"\0"):
                        return
                    if piece[:2] != _GZIP_MAGIC:
                        raise zlib.error("trailing bytes that are not a gzip member")
                    inflate = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
            piece = f.read(CHUNK)
            if not piece:
                if inflate.eof:
                    return
                raise EOFError("the stream ends before its end-of-stream marker")
    except (EOFError, zlib.error) as exc:
        raise error(cap.name, cap.breaks + 1, f"truncated or corrupt gzip data ({exc})") from None


def _read_str(name: str, f: IO[str]) -> Chunks:
    """The text of a text file read in chunks, no more than ``MAX_LOG`` (and ``MAX_LINE`` a line)."""
    cap = _Cap(name)
    pieces = Chunks()
    while True:
        try:
            piece = f.read(CHUNK)
        except UnicodeDecodeError as exc:  # a file opened as text decodes as it reads
            raise ValueError(f"{name}, line {cap.breaks + 1} or after: not UTF-8 ({exc.reason}; a file opened "
                             "in binary mode is told the line)") from None
        if not piece:
            return pieces
        if not isinstance(piece, str):
            raise TypeError(f"{name}: a text file's read() must give str, not {type(piece).__name__}")
        cap.add(piece)
        pieces.add(piece)


_OTHER_BREAKS = "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
"""What ``str.splitlines`` breaks lines at besides ``\\n``."""


def split_lines(text: str) -> list[str]:
    """``text.splitlines()``, by the faster ``split`` when ``\\n`` is the only line break in it."""
    if any(c in text for c in _OTHER_BREAKS):
        return text.splitlines()
    lines = text.split("\n")
    if not lines[-1]:
        lines.pop()
    return lines


class LazyLines:
    """The lines of a log read as ``Chunks``, split as they are consumed, once (each chunk let go when
    its lines are taken): an mjai log is never held as a list of lines.

    >>> lines = LazyLines(Chunks(['{"type": "start_game"}\\n{"type": "e', 'nd_game"}\\n']))
    >>> list(lines)
    ['{"type": "start_game"}', '{"type": "end_game"}']
    """

    def __init__(self, chunks: Chunks) -> None:
        self._chunks: list[str] | None = chunks

    def batches(self) -> Iterator[list[str]]:
        """The lines, a list at a time (the lines that end in one chunk)."""
        chunks, self._chunks = self._chunks, None
        if chunks is None:
            raise RuntimeError("the lines of a log are read once")
        chunks.reverse()
        carry = ""
        while chunks:
            parts = (carry + chunks.pop()).split("\n")
            carry = parts.pop()
            if parts:
                yield parts
        if carry:
            yield [carry]

    def __iter__(self) -> Iterator[str]:
        for batch in self.batches():
            yield from batch


def read_text(source: Source) -> tuple[str, Chunks | list[str]]:
    """``(name, text)`` of a source, or ``(name, lines)`` of one given as its lines; read in chunks, no
    more than ``MAX_LOG`` bytes (``MAX_LINE`` a line) read or decompressed."""
    name = source_name(source)
    if isinstance(source, (str, os.PathLike)):
        try:
            with open(source, "rb") as f:
                return name, _read_bytes(name, f)
        except OSError as exc:
            raise ValueError(f"{name}: cannot read the log ({exc.strerror or exc})") from None
    if isinstance(source, (bytes, bytearray, memoryview)):
        raise TypeError("source must be a path, a file or an iterable of lines, not bytes (wrap it in io.BytesIO)")
    if isinstance(source, io.TextIOBase):
        return name, _read_str(name, source)  # type: ignore[arg-type]
    if hasattr(source, "read"):
        mode = getattr(source, "mode", "")
        if isinstance(source, (io.RawIOBase, io.BufferedIOBase)) or (isinstance(mode, str) and "b" in mode):
            return name, _read_bytes(name, source)  # type: ignore[arg-type]
        first = source.read(CHUNK)
        rest: Any = _Chained(first, source)
        return name, _read_str(name, rest) if isinstance(first, str) else _read_bytes(name, rest)
    if not isinstance(source, Iterable):
        raise TypeError(f"source must be a path, a file or an iterable of lines, not {type(source).__name__}")
    lines: list[str] = []
    size = 0
    for i, line in enumerate(source, 1):
        if isinstance(line, (bytes, bytearray)):
            if len(line) > MAX_LINE + 2:
                raise error(name, i, f"a line longer than MAX_LINE ({MAX_LINE} bytes)")
            try:
                line = bytes(line).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise error(name, i, f"not UTF-8 ({exc.reason})") from None
        elif not isinstance(line, str):
            raise TypeError(f"{name}, line {i}: a line must be str or bytes, not {type(line).__name__}")
        line = line.rstrip("\r\n")
        if len(line) > MAX_LINE:
            raise error(name, i, f"a line longer than MAX_LINE ({MAX_LINE} bytes)")
        size += len(line) + 1
        if size > MAX_LOG:
            raise error(name, i, f"the log is longer than MAX_LOG ({MAX_LOG} bytes)")
        lines.append(line)
    return name, lines


class _Chained:
    """A file whose first chunk has been read already: ``read(n)`` gives it first."""

    def __init__(self, first: Any, f: Any) -> None:
        self.first, self.f = first, f

    def read(self, n: int) -> Any:
        if self.first is not None:
            first, self.first = self.first, None
            return first
        return self.f.read(n)
