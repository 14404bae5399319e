"""The computer's thinking time: per move, and each computer side's last on the game row.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.add_column(sa.Column("think_ms", sa.Float, nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("thinking", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("thinking")
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("think_ms")
