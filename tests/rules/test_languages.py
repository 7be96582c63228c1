"""The rules speak Spanish, Portuguese (Brazil) and Italian when asked (rules.validate's `language`, the
CLI's --language): whole translated sentences, the sides named in the language, numbers with "." as the
thousands separator; English is the default and stays as it was."""

import copy
import io
import json

import pytest

import rules
from rules import cli
from rules.examples import EXAMPLE_SHEET
from rules.language import ngettext, speaking
from rules.nvso.sides import as_v2
from rules.registry import example


def _refused() -> dict:
    """The NVSO example with three slips in hand 1: a North-South base 100 too high (and its total), an
    East-West count 1 too high, and both teams going out."""
    document = copy.deepcopy(EXAMPLE_SHEET)
    del document["teams"]
    hand = document["hands"][0]
    hand["ns"]["base"], hand["ns"]["total"] = 2300, 2625
    hand["ew"]["count"] = 276
    hand["ew"]["details"]["went_out"] = True
    return document


def _messages(document: dict, language: str | None = None) -> list[str]:
    answer = rules.validate(document, language=language)
    assert answer["valid"] is False
    return [v["message"] for v in answer["violations"] if v["severity"] == "error"]


ENGLISH = [
    "Hand 1, North-South: the base should be 2,200 (threes 800, canastas 1,300 and going out 100), not 2,300.",
    "Hand 1, East-West: the base should be 1,900 (threes 300, canastas 1,500 and going out 100), not 1,800.",
    "Hand 1, East-West: the count should be 275 (300 on the table minus 25 in hand), not 276.",
    "Hand 1, East-West: the total should be 2,175 (base 1,900 plus count 275), not 2,075.",
    "Hand 1: North-South and East-West cannot both have gone out; the hand ends when the first team goes out.",
]
TRANSLATED = {
    "es": [
        "Mano 1, Norte-Sur: la base debería ser 2.200 (treses 800, canastas 1.300 y el cierre 100), no 2.300.",
        "Mano 1, Este-Oeste: la base debería ser 1.900 (treses 300, canastas 1.500 y el cierre 100), no 1.800.",
        "Mano 1, Este-Oeste: el conteo debería ser 275 (300 en la mesa menos 25 en la mano), no 276.",
        "Mano 1, Este-Oeste: el total debería ser 2.175 (base 1.900 más conteo 275), no 2.075.",
        "Mano 1: Norte-Sur y Este-Oeste no pueden haber cerrado las dos; la mano termina cuando cierra la "
        "primera pareja.",
    ],
    "pt-br": [
        "Mão 1, Norte-Sul: a base deveria ser 2.200 (três 800, canastras 1.300 e a batida 100), não 2.300.",
        "Mão 1, Leste-Oeste: a base deveria ser 1.900 (três 300, canastras 1.500 e a batida 100), não 1.800.",
        "Mão 1, Leste-Oeste: a contagem deveria ser 275 (300 na mesa menos 25 na mão), não 276.",
        "Mão 1, Leste-Oeste: o total deveria ser 2.175 (base 1.900 mais contagem 275), não 2.075.",
        "Mão 1: Norte-Sul e Leste-Oeste não podem ter batido as duas; a mão termina quando a primeira dupla bate.",
    ],
    "it": [
        "Mano 1, Nord-Sud: la base dovrebbe essere 2.200 (tre 800, canaste 1.300 e la chiusura 100), non 2.300.",
        "Mano 1, Est-Ovest: la base dovrebbe essere 1.900 (tre 300, canaste 1.500 e la chiusura 100), non 1.800.",
        "Mano 1, Est-Ovest: il conteggio dovrebbe essere 275 (300 in tavola meno 25 in mano), non 276.",
        "Mano 1, Est-Ovest: il totale dovrebbe essere 2.175 (base 1.900 più conteggio 275), non 2.075.",
        "Mano 1: Nord-Sud e Est-Ovest non possono aver chiuso entrambe; la mano finisce quando chiude la prima "
        "coppia.",
    ],
}


def test_english_is_the_default_and_unchanged():
    assert _messages(_refused()) == _messages(_refused(), "en") == ENGLISH


@pytest.mark.parametrize("language", sorted(TRANSLATED))
def test_a_refused_nvso_sheet_reads_in_the_language_asked(language):
    assert _messages(_refused(), language) == TRANSLATED[language]


@pytest.mark.parametrize("language", sorted(TRANSLATED))
def test_an_at_2_sheet_names_its_seats_in_the_language_asked(language):
    """An @2 NVSO sheet without labels names its sides by their seats, translated, like the @1 sheet."""
    assert _messages(as_v2(_refused()), language) == TRANSLATED[language]


def test_a_language_code_as_a_browser_sends_it_is_understood():
    assert _messages(_refused(), "es-AR") == TRANSLATED["es"]
    assert _messages(_refused(), "PT-br") == TRANSLATED["pt-br"]
    assert _messages(_refused(), "de") == ENGLISH  # a language the product does not have: English
    # Portuguese without its country, or Portugal's, is read in the Portuguese the product has (Brazil's)
    assert _messages(_refused(), "pt") == TRANSLATED["pt-br"]
    assert _messages(_refused(), "pt_PT") == TRANSLATED["pt-br"]


def test_a_plural_message_without_a_translation_stays_english_in_its_plural():
    with speaking("es"):
        assert ngettext("one card not yet translated", "%(n)s cards not yet translated", 2) == (
            "%(n)s cards not yet translated")
        assert ngettext("one card not yet translated", "%(n)s cards not yet translated", 1) == (
            "one card not yet translated")


def test_names_given_by_the_caller_are_kept_as_given():
    answer = rules.validate(_refused(), sides={"ns": "Nosotros", "ew": "Ellos"}, language="es")
    assert answer["violations"][0]["message"].startswith("Mano 1, Nosotros: la base debería ser 2.200")


def test_a_valid_sheet_answers_the_same_in_every_language_but_for_the_words_of_its_notes():
    english = rules.validate(EXAMPLE_SHEET)
    assert english["valid"] is True
    for language in ("es", "pt-br", "it"):
        answer = rules.validate(EXAMPLE_SHEET, language=language)
        assert answer["valid"] is True and answer["computed"] == english["computed"]
        assert [{**v, "message": ""} for v in answer["violations"]] == [
            {**v, "message": ""} for v in english["violations"]]


def test_a_malformed_sheet_s_problems_read_in_spanish():
    document = {"format": "canasta-td/score-sheet@1", "ruleset": "nvso",
                "hands": [{"ns": {"base": "x", "count": 0}, "ew": {"base": 0}}]}
    problems = rules.validate(document, language="es")["problems"]
    assert [p["message"] for p in problems] == [
        'Mano 1, Norte-Sur: "base" debe ser un número entero, no el texto "x".',
        'Mano 1, Este-Oeste: falta el campo "count"; la línea de cada pareja necesita su conteo.',
    ]


def test_the_cap_on_listed_mistakes_is_translated_with_its_plural():
    from rules.answer import _more
    from rules.language import speaking

    with speaking("it"):
        assert _more(1) == "E 1 altro errore, non elencato qui; corregga quelli sopra e controlli di nuovo."
        assert _more(1500) == ("E altri 1.500 errori, non elencati qui; corregga quelli sopra e controlli di "
                               "nuovo.")


def test_the_command_line_speaks_the_language_asked(tmp_path, capsys):
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(_refused()))
    assert cli.main(["validate", "--language", "pt-br", str(path)]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert [v["message"] for v in answer["violations"] if v["severity"] == "error"] == TRANSLATED["pt-br"]
    missing = io.StringIO()
    cli.run(str(tmp_path / "none.json"), io.StringIO(), missing, language="es")
    assert missing.getvalue() == f"No se pudo leer el archivo {tmp_path / 'none.json'}: no existe.\n"


def test_the_form_s_words_and_the_printed_meld_rule_follow_the_language():
    from rules.language import speaking
    from rules.nvso.checks_game import meld_guide
    from rules.nvso.options import DEFAULTS
    from rules.registry import line_description

    english = {field["name"]: field for field in line_description("nvso")}
    spanish = {field["name"]: field for field in line_description("nvso", "es")}
    assert english["pure_canastas"]["label"] == "Pure canastas (500)"
    assert spanish["pure_canastas"]["label"] == "Canastas limpias (500)"
    assert spanish["special_hand"]["choices"][0]["label"] == "Ninguna"
    assert {name: {**field, "label": "", "choices": None} for name, field in spanish.items()} == {
        name: {**field, "label": "", "choices": None} for name, field in english.items()}
    assert meld_guide(DEFAULTS, 3)["rule"] == (
        "The initial meld needs 125 points in hand 1, 155 in hand 2 and 180 in hand 3.")
    with speaking("it"):
        assert meld_guide(DEFAULTS, 3)["rule"] == (
            "La calata iniziale (apertura) richiede 125 punti nella mano 1, 155 nella mano 2 e 180 nella mano 3.")


def test_without_a_language_asked_the_rules_follow_the_source_they_are_given(monkeypatch):
    """The web app hands the rules its request's language (rules.language.follow); a language asked for
    still wins, and with no source the rules speak English."""
    from rules import language

    monkeypatch.setattr(language, "_follow", None)
    assert language.current() == "en"
    language.follow(lambda: "it")
    assert language.current() == "it"
    assert rules.get_ruleset("crazy_canasta").describe_line()[3]["label"] == "Totale progressivo"
    with language.speaking("es"):
        assert language.current() == "es"
    language.follow(lambda: "pt_BR")
    assert language.current() == "pt-br"
    language.follow(None)
    assert language.current() == "en"


def test_a_malformed_sheet_is_told_wholly_in_the_language_asked():
    """Two sentences once half English: the formats' "or", and the missing hands of an @2 sheet."""
    wrong_format = rules.validate({"format": "x", "ruleset": "nvso", "hands": []}, language="es")
    assert wrong_format["problems"] == [{"path": "$.format", "message": (
        'El campo "format" debe ser "canasta-td/score-sheet@1" o "canasta-td/score-sheet@2", no el texto "x".')}]
    document = example("five_player")
    del document["hands"]
    assert rules.validate(document, language="es")["problems"] == [{"path": "$.hands", "message": (
        'Falta el campo "hands"; una planilla enumera las manos en el orden en que se jugaron.')}]
