"""Leaving a table and being taken off one, over real sockets: whoever is
still at the table is told who left and which bot plays on for them, and a
person the host takes off is told so on their own page; nobody else is sent
a sentence that isn't theirs."""

from tests.live import Client


def snapshot_with(ws, wanted):
    return ws.until(lambda m: m.get("type") == "snapshot" and wanted(m))


def ada_hosts_and_ben_sits(servers, *others):
    """A High Card waiting room: Ada hosts, Ben has sat down, and then each
    of ``others`` (names): their clients, and the table's code."""
    server = servers.start()
    ada = Client(server)
    code = ada.post("/api/tables", {"game": "high-card", "name": "Ada"})[1]["code"]
    people = [ada]
    for name in ("Ben", *others):
        people.append(Client(server))
        people[-1].post(f"/api/tables/{code}/join", {"name": name})
    return code, people


def test_a_guest_the_host_takes_off_in_the_waiting_room_is_told_on_their_page(servers):
    code, (ada, ben) = ada_hosts_and_ben_sits(servers)
    ada_ws, ben_ws = ada.socket(code), ben.socket(code)
    assert snapshot_with(ben_ws, lambda m: True)["seat"] == 1
    ada_ws.send({"type": "act", "do": "clear", "seat": 1})
    told = snapshot_with(ben_ws, lambda m: len(m["seats"]) == 1)
    assert told["seat"] is None and told["notice"] == "The host took you off this table, so you're watching now."
    assert "notice" not in snapshot_with(ada_ws, lambda m: len(m["seats"]) == 1)
    ada_ws.close()
    ben_ws.close()


def test_leaving_a_game_tells_everyone_still_there_which_bot_plays_on_and_who_hosts_now(servers):
    code, (ada, ben) = ada_hosts_and_ben_sits(servers)
    ada.post(f"/api/tables/{code}/here", {"name": "Cy"})  # Cy shares Ada's device
    assert ada.post(f"/api/tables/{code}/start")[0] == 200
    ada_ws, ben_ws = ada.socket(code), ben.socket(code)
    snapshot_with(ben_ws, lambda m: m["status"] == "playing")
    # The host and the person on her device leave: Ben hears who plays their seats, and that he hosts now.
    status, left = ada.post(f"/api/tables/{code}/leave")
    assert status == 200 and left["seat"] is None
    told = snapshot_with(ben_ws, lambda m: m["seats"][0]["kind"] == "bot")
    bots = [told["seats"][0]["name"], told["seats"][2]["name"]]
    assert told["seats"][2]["kind"] == "bot" and told["host"] and told["seat"] == 1
    assert told["notice"] == f"Ada and Cy left the table: {bots[0]} and {bots[1]}, bots, play their seats from now on. Ben is the host now."
    # Ada's own page is sent no sentence of her leaving.
    assert "notice" not in snapshot_with(ada_ws, lambda m: m["seats"][0]["kind"] == "bot")
    ada_ws.close()
    ben_ws.close()


def test_a_person_whose_seat_the_host_gives_to_a_bot_mid_game_is_told_and_the_others_hear_one_leaving(servers):
    code, (ada, ben, dee) = ada_hosts_and_ben_sits(servers, "Dee")
    assert ada.post(f"/api/tables/{code}/start")[0] == 200
    ada_ws, ben_ws, dee_ws = ada.socket(code), ben.socket(code), dee.socket(code)
    for ws in (ada_ws, ben_ws, dee_ws):
        snapshot_with(ws, lambda m: m["status"] == "playing")
    ada_ws.send({"type": "act", "do": "clear", "seat": 1})
    told = snapshot_with(ben_ws, lambda m: m["seats"][1]["kind"] == "bot")
    assert told["seat"] is None
    assert told["notice"] == f"The host gave your seat to {told['seats'][1]['name']}, a bot, so you're watching now."
    assert "notice" not in snapshot_with(dee_ws, lambda m: m["seats"][1]["kind"] == "bot")
    # Dee leaves on her own: Ada is told, with the bot that plays on for her.
    dee.post(f"/api/tables/{code}/leave")
    told = snapshot_with(ada_ws, lambda m: m["seats"][2]["kind"] == "bot")
    assert told["notice"] == f"Dee left the table: {told['seats'][2]['name']}, a bot, plays that seat from now on."
    for ws in (ada_ws, ben_ws, dee_ws):
        ws.close()
