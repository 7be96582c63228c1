"""A table's short code: what a player types on the front door when the card's QR code will not scan.

Six characters from an alphabet without the ones people mix up on a printed card (0 and O, 1, I and L,
5 and S, 8 and B, U and V), so a code read aloud or typed on a phone is the code printed. It is unique
within its event, and looked up only among the events open today, so six characters are enough: the
table token stays the long secret of the table's link, and the front door limits how often one address
may try a code.
"""

import re
import secrets

TABLE_CODE_ALPHABET = "234679ACDEFGHJKMNPQRTWXYZ"
TABLE_CODE_LENGTH = 6


def new_table_code() -> str:
    return "".join(secrets.choice(TABLE_CODE_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


def new_table_codes(count: int, taken) -> list[str]:
    """`count` codes different from each other and from `taken` (the event's tables' codes)."""
    taken = set(taken)
    codes = []
    while len(codes) < count:
        code = new_table_code()
        if code not in taken:
            taken.add(code)
            codes.append(code)
    return codes


TOKEN = re.compile(r"(?:/t/)?([A-Za-z0-9_-]{16,64})/?$")


def read_typed(typed: str) -> tuple[str, str]:
    """(code, token) from what a player typed: a code (case, spaces and dashes do not matter), or a table
    link pasted whole (its token); the other is empty."""
    typed = typed.strip()[:200]
    link = TOKEN.search(typed) if "/t/" in typed or len(typed) >= 16 else None
    if link:
        return "", link.group(1)
    return re.sub(r"[^0-9A-Za-z]", "", typed).upper(), ""


def shown_table_code(code: str) -> str:
    """Printed in two groups of three, easier to read out and to type than six in a row."""
    return f"{code[:3]}-{code[3:]}" if len(code) == TABLE_CODE_LENGTH else code
