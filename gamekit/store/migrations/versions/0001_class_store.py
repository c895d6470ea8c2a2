"""The class store's first version: classes, students, tables, seats, moves, puzzle progress.

Revision ID: 0001
Revises:
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(12), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_classes"),
        sa.UniqueConstraint("code", name="uq_classes_code"),
    )
    op.create_table(
        "students",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["class_id"], ["classes.id"], name="fk_students_class_id_classes", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_students"),
        sa.UniqueConstraint("class_id", "nickname", name="uq_students_class_id"),
    )
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(4), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("opened", sa.DateTime(timezone=True), nullable=False),
        sa.Column("touched", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed", sa.DateTime(timezone=True), nullable=True),
        sa.Column("undo_seat", sa.Integer(), nullable=True),
        sa.Column("undo_ply", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["class_id"],
            ["classes.id"],
            name="fk_game_tables_class_id_classes",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_game_tables"),
        sa.UniqueConstraint("class_id", "code", name="uq_game_tables_class_id"),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("present", sa.Boolean(), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name="fk_seats_table_id_game_tables",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["student_id"], ["students.id"], name="fk_seats_student_id_students", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_seats"),
        sa.UniqueConstraint("table_id", "student_id", name="uq_seats_table_id"),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("move", sa.Text(), nullable=False),
        sa.Column("made", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name="fk_moves_table_id_game_tables",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "ply", name="pk_moves"),
    )
    op.create_table(
        "puzzle_progress",
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("puzzle", sa.String(64), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("wrong_in_a_row", sa.Integer(), nullable=False),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("first_try", sa.Boolean(), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["student_id"],
            ["students.id"],
            name="fk_puzzle_progress_student_id_students",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("student_id", "puzzle", name="pk_puzzle_progress"),
    )


def downgrade() -> None:
    for name in ("puzzle_progress", "moves", "seats", "game_tables", "students", "classes"):
        op.drop_table(name)
