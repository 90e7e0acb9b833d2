"""What the SSH tests share (here and in tests/hostile)."""

from __future__ import annotations

import asyncssh
import pytest


@pytest.fixture
def keys(tmp_path):
    player = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(player.export_public_key())
    return player, stranger, authorized
