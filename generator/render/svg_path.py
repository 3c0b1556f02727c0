"""An SVG path's ``d`` turned into PDF path operators, once per path: every command of SVG
(absolute and relative lines, cubic and quadratic curves, their smooth forms, elliptical arcs
as cubic curves, close) becomes ``m``, ``l``, ``c`` and ``h`` in the path's own coordinates.

Drawing a bundled icon then costs one string appended to the page (see :mod:`.game_icons`),
where svglib would build and walk a drawing of shapes each time.
"""

from __future__ import annotations

import math
import re

_TOKEN = re.compile(r"\s*,?\s*([MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_FLAG = re.compile(r"\s*,?\s*([01])")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class PathError(ValueError):
    """A ``d`` that is not an SVG path."""


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class _Pen:
    """Where the path is, and the operators written so far."""

    def __init__(self) -> None:
        self.ops: list[str] = []
        self.x = self.y = 0.0
        self.start = (0.0, 0.0)
        self.control: tuple[float, float] | None = None  # last cubic control (S)
        self.quad: tuple[float, float] | None = None  # last quadratic control (T)

    def move(self, x: float, y: float) -> None:
        self.ops.append(f"{_number(x)} {_number(y)} m")
        self.x, self.y = self.start = (x, y)

    def line(self, x: float, y: float) -> None:
        self.ops.append(f"{_number(x)} {_number(y)} l")
        self.x, self.y = x, y

    def curve(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None:
        self.ops.append(" ".join(map(_number, (x1, y1, x2, y2, x, y))) + " c")
        self.x, self.y = x, y
        self.control = (x2, y2)

    def quadratic(self, qx: float, qy: float, x: float, y: float) -> None:
        x0, y0 = self.x, self.y
        self.curve(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
                   x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), x, y)
        self.quad = (qx, qy)

    def close(self) -> None:
        self.ops.append("h")
        self.x, self.y = self.start

    def arc(self, rx: float, ry: float, angle: float, large: bool, sweep: bool, x: float,
            y: float) -> None:
        """An elliptical arc to (x, y) as cubic curves of at most a quarter turn each (the
        endpoint-to-centre conversion of SVG 1.1, appendix F.6)."""
        x0, y0 = self.x, self.y
        if (x0, y0) == (x, y):
            return
        rx, ry = abs(rx), abs(ry)
        if not rx or not ry:
            self.line(x, y)
            return
        phi = math.radians(angle % 360)
        cos, sin = math.cos(phi), math.sin(phi)
        dx, dy = (x0 - x) / 2, (y0 - y) / 2
        x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
        scale = x1p ** 2 / rx ** 2 + y1p ** 2 / ry ** 2
        if scale > 1:
            rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
        num = rx ** 2 * ry ** 2 - rx ** 2 * y1p ** 2 - ry ** 2 * x1p ** 2
        den = rx ** 2 * y1p ** 2 + ry ** 2 * x1p ** 2
        root = math.sqrt(max(0.0, num / den)) if den else 0.0
        if large == sweep:
            root = -root
        cxp, cyp = root * rx * y1p / ry, -root * ry * x1p / rx
        cx = cos * cxp - sin * cyp + (x0 + x) / 2
        cy = sin * cxp + cos * cyp + (y0 + y) / 2
        start = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
        end = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
        delta = end - start
        if sweep and delta < 0:
            delta += math.tau
        elif not sweep and delta > 0:
            delta -= math.tau
        pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
        step = delta / pieces
        k = 4 / 3 * math.tan(step / 4)

        def point(t: float) -> tuple[float, float]:
            ex, ey = rx * math.cos(t), ry * math.sin(t)
            return cx + cos * ex - sin * ey, cy + sin * ex + cos * ey

        def tangent(t: float) -> tuple[float, float]:
            ex, ey = -rx * math.sin(t), ry * math.cos(t)
            return cos * ex - sin * ey, sin * ex + cos * ey

        t = start
        for index in range(pieces):
            t2 = t + step
            (px, py), (ax, ay) = point(t), tangent(t)
            (qx, qy), (bx, by) = point(t2), tangent(t2)
            if index == pieces - 1:
                qx, qy = x, y
            self.curve(px + k * ax, py + k * ay, qx - k * bx, qy - k * by, qx, qy)
            t = t2


def _read(d: str) -> list[tuple[str, list[float]]]:
    """The commands of ``d`` with their numbers, one entry a command (implicit repeats
    split; a move's extra pairs are lines, as SVG says)."""
    commands: list[tuple[str, list[float]]] = []
    index, size = 0, len(d)
    command = ""
    while True:
        while index < size and d[index] in " \t\r\n,":
            index += 1
        if index >= size:
            return commands
        if d[index].isalpha():
            command = d[index]
            if command.upper() not in _ARITY:
                raise PathError(f"unknown path command '{command}' at character {index + 1}")
            index += 1
            if command in "Zz":
                commands.append((command, []))
                continue
        elif not command or command in "Zz":
            raise PathError(f"a number without a command at character {index + 1}")
        values: list[float] = []
        for position in range(_ARITY[command.upper()]):
            pattern = _FLAG if command in "Aa" and position in (3, 4) else _TOKEN
            match = pattern.match(d, index)
            if match is None or match.group(1).isalpha():
                raise PathError(f"'{command}' lacks a number at character {index + 1}")
            values.append(float(match.group(1)))
            index = match.end()
        commands.append((command, values))
        if command in "Mm":
            command = "l" if command == "m" else "L"


def pdf_operators(d: str, even_odd: bool = False) -> str:
    """The PDF operators that fill the path ``d`` (in its own coordinates, y as written)."""
    pen = _Pen()
    for command, v in _read(d):
        relative = command.islower()
        ox, oy = (pen.x, pen.y) if relative else (0.0, 0.0)
        kind = command.upper()
        control, quad = pen.control, pen.quad
        if kind == "M":
            pen.move(ox + v[0], oy + v[1])
        elif kind == "L":
            pen.line(ox + v[0], oy + v[1])
        elif kind == "H":
            pen.line(ox + v[0], pen.y)
        elif kind == "V":
            pen.line(pen.x, oy + v[0])
        elif kind == "C":
            pen.curve(ox + v[0], oy + v[1], ox + v[2], oy + v[3], ox + v[4], oy + v[5])
        elif kind == "S":
            cx, cy = (2 * pen.x - control[0], 2 * pen.y - control[1]) if control \
                else (pen.x, pen.y)
            pen.curve(cx, cy, ox + v[0], oy + v[1], ox + v[2], oy + v[3])
        elif kind == "Q":
            pen.quadratic(ox + v[0], oy + v[1], ox + v[2], oy + v[3])
        elif kind == "T":
            qx, qy = (2 * pen.x - quad[0], 2 * pen.y - quad[1]) if quad else (pen.x, pen.y)
            pen.quadratic(qx, qy, ox + v[0], oy + v[1])
        elif kind == "A":
            pen.arc(v[0], v[1], v[2], bool(v[3]), bool(v[4]), ox + v[5], oy + v[6])
        else:
            pen.close()
        if kind not in "CS":  # only a curve's own control point is reflected by S, T
            pen.control = None
        if kind not in "QT":
            pen.quad = None
    pen.ops.append("f*" if even_odd else "f")
    return "\n".join(pen.ops)
