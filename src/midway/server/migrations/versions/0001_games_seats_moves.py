"""Games, seats and moves.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("version", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("salt", sa.String(40), nullable=False),
        sa.Column("n_moves", sa.Integer, nullable=False, server_default="0"),
        sa.Column("snapshot", sa.LargeBinary, nullable=True),
        sa.Column("snapshot_moves", sa.Integer, nullable=True),
        sa.Column("to_move", sa.Text, nullable=False, server_default="[]"),
        sa.Column("status", sa.String(16), nullable=False, server_default="playing"),
        sa.Column("outcome", sa.Text, nullable=True),
        sa.Column("computer_due", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_games_computer_due", "games", ["computer_due", "updated_at"])
    op.create_table(
        "seats",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("side", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("agent", sa.String(64), nullable=True),
        sa.Column("agent_seed", sa.BigInteger, nullable=False, server_default="0"),
    )
    op.create_table(
        "moves",
        sa.Column("game_id", sa.String(40), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("side", sa.String(32), nullable=False),
        sa.Column("option_id", sa.Text, nullable=False),
        sa.Column("decision_id", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_index("ix_games_computer_due", "games")
    op.drop_table("games")
