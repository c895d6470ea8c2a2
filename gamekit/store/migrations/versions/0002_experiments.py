"""Class experiments: the teacher's two settings of a game, and which table plays which.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "experiments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("opened", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["class_id"],
            ["classes.id"],
            name="fk_experiments_class_id_classes",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_experiments"),
    )
    op.create_table(
        "experiment_games",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("experiment_id", sa.Integer(), nullable=False),
        sa.Column("setting", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name="fk_experiment_games_table_id_game_tables",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["experiment_id"],
            ["experiments.id"],
            name="fk_experiment_games_experiment_id_experiments",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", name="pk_experiment_games"),
    )


def downgrade() -> None:
    op.drop_table("experiment_games")
    op.drop_table("experiments")
