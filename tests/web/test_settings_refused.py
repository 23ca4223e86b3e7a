"""A setting the game doesn't allow, sent as raw input over the JSON API or
the socket, is refused with a sentence a player can read, and changes
nothing: no table is made with it, and a table keeps the settings it had."""

import json

from tests.live import Client

SM = {"PARLOR_EXTRA_GAMES": "high-card=tests.highcard,station-master=games.station_master"}


def test_a_new_table_with_a_setting_the_game_does_not_allow_is_not_made(servers):
    server = servers.start(**SM)
    ada = Client(server)
    for raw, sentence in [
        (b'{"game": "station-master", "name": "Ada", "settings": {"preset": "turbo"}}',
         "“Preset” can't be “turbo”: choose Co-op, Competitive, Cutthroat, Solitaire or Custom."),
        (b'{"game": "station-master", "name": "Ada", "settings": {"preset": ["co-op"]}}',
         "“Preset” can't be “[\"co-op\"]”: choose Co-op, Competitive, Cutthroat, Solitaire or Custom."),
        (b'{"game": "station-master", "name": "Ada", "settings": {"preset": "co-op", "hinder": "yes"}}',
         "“Hindering cards in the Home Office deck?” is answered by the Co-op preset: choose Custom to answer it yourself."),
        (b'{"game": "station-master", "name": "Ada", "settings": {"seats": 4}}',
         "“How many Offices?” is answered by the Competitive preset: choose Custom to answer it yourself."),
        (b'{"game": "station-master", "name": "Ada", "settings": {"preset": "custom", "day": "endless"}}',
         "“How long is the day?” can't be “endless”: choose Short: four Stages fewer, Standard or Long: four Stages more."),
        (b'{"game": "station-master", "name": "Ada", "settings": {"trains": "all"}}',
         "Station Master has no setting called “trains”."),
        (b'{"game": "station-master", "name": "Ada", "settings": "solitaire"}',
         "Settings come as a list of names and values."),
    ]:
        status, body = ada.post("/api/tables", raw=raw)
        assert (status, body.get("error")) == (400, sentence), raw
    assert ada.get("/api/mine")[1]["tables"] == []
    status, made = ada.post("/api/tables", raw=b'{"game": "station-master", "name": "Ada", "settings": {"preset": "solitaire"}}')
    assert status == 201 and made["settings"]["preset"] == "solitaire" and made["settings"]["seats"] == "one"


def test_a_setting_the_game_does_not_allow_over_the_socket_gets_a_sentence_and_changes_nothing(servers):
    server = servers.start(**SM)
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "station-master", "name": "Ada", "settings": {"preset": "co-op"}})[1]["code"]
    ws = ada.socket(code)
    first = ws.until(lambda m: m.get("type") == "snapshot")
    assert first["startProblem"] == "Co-op needs two to four Offices: add a bot, or choose Solitaire to play alone."
    co_op = first["settings"]
    for settings, sentence in [
        ({"preset": "turbo"}, "“Preset” can't be “turbo”: choose Co-op, Competitive, Cutthroat, Solitaire or Custom."),
        ({"goal": "stiff"}, "“How high is the goal when the table scores together?” is answered by the Co-op preset: "
                            "choose Custom to answer it yourself."),
        ({"bot_pace": 3}, "“Bot speed” can't be “3”: choose Brisk or Relaxed."),
        ({"preset": None}, "“Preset” can't be “null”: choose Co-op, Competitive, Cutthroat, Solitaire or Custom."),
        ({"preset": "solitaire", "cheat": True}, "Station Master has no setting called “cheat”."),
    ]:
        ws.send({"type": "act", "do": "settings", "settings": settings})
        assert ws.until(lambda m: m.get("type") == "error")["message"] == sentence
        assert ada.get(f"/api/tables/{code}")[1]["settings"] == co_op
    ws.ws.send(json.dumps({"type": "act", "do": "settings", "settings": {"preset": "solitaire"}}))
    picked = ws.until(lambda m: m.get("type") == "snapshot" and m["settings"]["preset"] == "solitaire")
    assert picked["startProblem"] is None
    # Nothing the refused frames named reached the table.
    settings = ada.get(f"/api/tables/{code}")[1]["settings"]
    assert settings == {"preset": "solitaire", "scoring": "together", "hinder": "no", "day": "standard",
                        "goal": "standard", "seats": "one", "bot_pace": "brisk"}
    ws.close()
