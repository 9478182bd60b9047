"""The one reading path (game/core/files.py): pipes, sizes, temporary leftovers."""

from __future__ import annotations

import os
import time

import pytest

from game.core import files


def test_a_named_pipe_is_refused_at_once_not_waited_on(tmp_path):
    # without O_NONBLOCK and the type check, open() would wait for a writer for ever
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    with pytest.raises(files.UnreadableFile, match="named pipe"):
        files.read_text(path, files.MAX_SAVE_BYTES, "save file")


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.json"
    path.write_text("[" + " " * 2000 + "]")
    with pytest.raises(files.UnreadableFile, match="too large"):
        files.read_text(path, 1000, "save file")


def _age(path, seconds: float) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t))


def test_only_our_own_old_temporary_files_are_cleaned_up(tmp_path):
    ours_old = tmp_path / ".autosave.json.k3j_x9q2.tmp"
    ours_new = tmp_path / ".settings.json.abcdefgh.tmp"
    theirs = tmp_path / "notes.tmp"
    odd = tmp_path / ".autosave.json.TOO-LONG-NAME.tmp"
    for p in (ours_old, ours_new, theirs, odd):
        p.write_text("half a file")
    for p in (ours_old, theirs, odd):
        _age(p, 3600)
    assert files.remove_stale_temps(tmp_path) == [ours_old]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in (ours_new, theirs, odd)
    )


def test_an_interrupted_write_leaves_a_name_the_cleanup_knows(tmp_path, monkeypatch):
    from game.core import storage

    def killed(src, dst):
        raise KeyboardInterrupt  # stands in for the process dying before the rename

    monkeypatch.setattr(os, "unlink", lambda p: None)  # a killed process removes nothing
    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        storage.atomic_write(tmp_path / "autosave.json", "{}")
    monkeypatch.undo()
    (left,) = tmp_path.iterdir()
    assert files.TEMP_PATTERN.match(left.name)
    _age(left, 120)
    assert files.remove_stale_temps(tmp_path) == [left]
