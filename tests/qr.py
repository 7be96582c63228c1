"""Reading the QR codes a page shows, as a phone's camera would: with a QR decoder (zxing-cpp), from pixels.

`svg_codes` draws each QR code of an HTML page (segno's inline SVG: rows of horizontal strokes, one module
high) into an image and decodes it; `decode_png` decodes a screenshot. Neither reads the text beside a code.
"""

import io
import re

import zxingcpp
from PIL import Image, ImageDraw

SVG = re.compile(r'<svg width="(\d+)" height="\d+" class="segno">.*?</svg>', re.S)
SCALE = re.compile(r'transform="scale\((\d+(?:\.\d+)?)\)"')
STROKES = re.compile(r'<path class="qrline"[^>]*\sd="([^"]+)"')
STEP = re.compile(r"([Mmh])([-\d. ]+)")
PIXELS = 8  # per module: a clean, large picture, as a camera held close sees


def svg_codes(html: str) -> list[str]:
    """The text of every QR code in the page, in the page's order."""
    return [decode_svg(match.group(0), int(match.group(1))) for match in SVG.finditer(html)]


def decode_svg(svg: str, width: int) -> str:
    scale = float(SCALE.search(svg).group(1)) if SCALE.search(svg) else 1.0
    modules = round(width / scale)
    image = Image.new("L", (modules * PIXELS, modules * PIXELS), 255)
    draw = ImageDraw.Draw(image)
    x = y = 0.0
    for command, numbers in STEP.findall(STROKES.search(svg).group(1)):
        values = [float(n) for n in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:  # h: a dark stroke along the row whose middle is y
            row = int(y)
            draw.rectangle([x * PIXELS, row * PIXELS, (x + values[0]) * PIXELS - 1, (row + 1) * PIXELS - 1], fill=0)
            x += values[0]
    return decode(image)


def decode_png(png: bytes) -> str:
    return decode(Image.open(io.BytesIO(png)).convert("L"))


def decode(image: Image.Image) -> str:
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, f"{len(found)} QR codes found in the picture, not one"
    return found[0].text
