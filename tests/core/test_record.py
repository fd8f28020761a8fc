"""Records: round trip, replay, and a clear error for every kind of malformed or tampered record."""

import json
import os
import stat

import pytest

from cardtable.bots import RandomBot
from cardtable.core import Record, RecordError, play_game, replay


@pytest.fixture
def record(duel_registered):
    game = duel_registered
    return play_game(game, [RandomBot(game, 1), RandomBot(game, 2)], seed=5).record


def test_a_record_survives_json_and_replays_to_its_result(record, tmp_path):
    path = tmp_path / "game.json"
    record.save(path)
    loaded = Record.load(path)
    assert loaded.to_dict() == record.to_dict()
    state = replay(loaded)
    assert state.result().to_dict() == record.result
    assert len(record.moves) == 6


def test_replay_reports_each_move(record):
    seen = []
    replay(record, lambda number, player, action, state: seen.append((number, player, str(action))))
    assert [(n, p, t) for n, p, t in seen] == [(i + 1, p, t)
                                               for i, (p, t) in enumerate(record.moves)]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(moves="x"), "'moves'"),
        (lambda d: d.update(seed=1.5), "'seed'"),
        (lambda d: d.update(players=[1, 2]), "'players'"),
        (lambda d: d.update(format="pgn"), "not a cardtable record"),
        (lambda d: d["moves"].__setitem__(0, [0]), "move 1 must be"),
        (lambda d: d["moves"].__setitem__(1, [9, "2♠"]), "move 2 .* no player 9"),
        (lambda d: d["moves"].__setitem__(2, [d["moves"][2][0], "Q♥"]), "move 3 "),
        (lambda d: d["moves"].__setitem__(0, [d["moves"][0][0], "zz"]), "move 1 "),
        (lambda d: d.update(options={"tricks": 9}), "options"),
        (lambda d: d.update(game="no-such-game"), "no game called"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d.update(result={"scores": [9, 9], "winner": None, "summary": ""}), "differs"),
    ],
)
def test_malformed_or_tampered_records_get_a_clear_error(record, change, message):
    data = json.loads(record.dumps())
    change(data)
    with pytest.raises(RecordError, match=message):
        replay(Record.from_dict(data))


def test_unreadable_records():
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{nope")
    with pytest.raises(RecordError, match="JSON object"):
        Record.loads("[1, 2]")
    with pytest.raises(RecordError, match="cannot read"):
        Record.load("/no/such/record.json")


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_saved_record_gets_the_users_normal_file_mode(record, tmp_path, umask, mode):
    previous = os.umask(umask)
    try:
        record.save(tmp_path / "game.json")
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "game.json").stat().st_mode) == mode


def test_a_failed_save_keeps_the_previous_copy_and_leaves_no_temporary_file(record, tmp_path,
                                                                             monkeypatch):
    path = tmp_path / "game.json"
    record.save(path)
    before = path.read_text()
    record.moves.append((0, "2♠"))

    def full_disk(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(RecordError, match="cannot save the record .*No space left"):
        record.save(path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_saving_onto_a_folder_is_a_record_error(record, tmp_path):
    with pytest.raises(RecordError, match="cannot save the record"):
        record.save(tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000 + "]" * 100_000, "nested"),
    ('{"a": ' * 50 + "1" + "}" * 50, "nested deeper"),
    ('{"seed": ' + "9" * 5000 + "}", "5000 digits"),
    ('{"seed": 1e999}', "too long or too large"),
    ('{"seed": Infinity}', "Infinity"),
    ('{"seed": -Infinity}', "-Infinity"),
    ('{"seed": NaN}', "NaN"),
    ('{"seed": 0.' + "1" * 500 + "}", "too long"),
])
def test_records_no_game_writes_are_refused_as_one_record_error(text, message):
    with pytest.raises(RecordError, match=message) as refused:
        Record.loads(text)
    assert "\n" not in str(refused.value)


def test_a_file_that_is_not_utf8_is_a_record_error(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b'{"game": "\xff\xfe"}')
    with pytest.raises(RecordError, match="not UTF-8 text"):
        Record.load(path)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["moves"].__setitem__(0, [0.0, d["moves"][0][1]]), "move 1 must be"),
    (lambda d: d["moves"].__setitem__(0, [True, d["moves"][0][1]]), "move 1 must be"),
    (lambda d: d.update(version=1.0), "'version'"),
    (lambda d: d["result"].update(winner=float(d["result"]["winner"] or 0)), "'winner'"),
    (lambda d: d["result"].update(winner=True), "'winner'"),
    (lambda d: d["result"].update(scores="2-1"), "'scores'"),
    (lambda d: d["result"].update(scores=[True, False]), "'scores'"),
    (lambda d: d["result"].update(summary=3), "'summary'"),
    (lambda d: d.update(result=[1]), "'result'"),
])
def test_floats_or_bools_where_seats_are_expected_are_refused(record, change, message):
    data = json.loads(record.dumps())
    change(data)
    with pytest.raises(RecordError, match=message):
        Record.from_dict(data)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(players=["a"]), "names 1 players; this game of duel has 2"),
    (lambda d: d.update(players=["a", "b", "c"]), "names 3 players"),
    (lambda d: d["moves"].append(d["moves"][-1]), "move 7 "),
    (lambda d: d["moves"].__setitem__(0, [2 ** 100, d["moves"][0][1]]), "no player"),
])
def test_inconsistent_records_are_refused_on_replay(record, change, message):
    data = json.loads(record.dumps())
    change(data)
    with pytest.raises(RecordError, match=message):
        replay(Record.loads(json.dumps(data)))


def test_an_unfinished_game_without_a_result_is_a_valid_record(record):
    data = json.loads(record.dumps())
    data.update(result=None, moves=data["moves"][:-1])
    assert replay(Record.loads(json.dumps(data))).result() is None


@pytest.mark.parametrize("name", ["self", "name", "options", ""])
def test_an_option_named_like_a_parameter_is_a_record_error(record, name):
    data = json.loads(record.dumps())
    data["options"] = {name: 1}
    with pytest.raises(RecordError, match=f"unknown option '{name}'"):
        replay(Record.from_dict(data))


def test_a_record_never_replaces_what_is_not_a_regular_file(record, tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(RecordError, match="not a regular file"):
        record.save(pipe)
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_record_saved_through_a_link_is_written_to_the_linked_file(record, tmp_path):
    (tmp_path / "game.json").write_text("old")
    (tmp_path / "link.json").symlink_to(tmp_path / "game.json")
    record.save(tmp_path / "link.json")
    assert (tmp_path / "link.json").is_symlink()
    assert Record.load(tmp_path / "game.json").to_dict() == record.to_dict()


@pytest.mark.parametrize("change", [
    lambda d: d.update(seed="\ud800"),
    lambda d: d.update(seed="seed \udfff"),
    lambda d: d["players"].__setitem__(0, "al\ud800ice"),
    lambda d: d["moves"].__setitem__(0, [d["moves"][0][0], "\ud800"]),
    lambda d: d["options"].__setitem__("\ud800", 1),
    lambda d: d.update(result={"scores": [0, 0], "winner": None, "summary": "\ud800"}),
])
def test_a_lone_surrogate_anywhere_in_a_record_is_a_record_error(change):
    """A lone surrogate is no character: a seed or a name holding one could be neither hashed nor
    printed, so the record is refused as it is read (as data and as JSON text)."""
    import cardtable

    game = cardtable.load("queens-mercy")
    played = play_game(game, [RandomBot(game, 1), RandomBot(game, 2)], seed=5)
    data = json.loads(played.record.dumps())
    change(data)
    with pytest.raises(RecordError, match="surrogate"):
        replay(Record.from_dict(data))
    with pytest.raises(RecordError, match="surrogate"):
        Record.loads(json.dumps(data))
