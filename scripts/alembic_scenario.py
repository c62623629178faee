"""A SQLAlchemy 2 ORM + Alembic migration scenario, run side by side.

The same twenty steps (autogenerate from models, upgrade, downgrade, batch
operations) run against MariaDB (the reference) and Myriad. After every step
each server's schema is reflected with SQLAlchemy's inspector, its rows are
read, and Alembic's autogenerate compares it with the model the step should
have produced:

  - a step passes on MariaDB when its migration ran and autogenerate finds
    no difference from the step's model;
  - a step passes on Myriad when the same holds and, in addition, the
    migration script autogenerate wrote, the reflected schema, the rows and
    the error codes of the step's failing statements are identical to
    MariaDB's.

A step that failed on a server is stamped done there (alembic stamp), so one
failure does not make every later step fail as well.

Usage: alembic_scenario.py --mariadb HOST:PORT --myriad HOST:PORT --out FILE
It prints one line per server and step ("<server> <step> pass|fail") and the
reasons of failures, writes them to FILE, and exits 0 when it ran through
(the ratchet of expected failures is scripts/peer-suites.known).

Differences allowed between the two, each a documented difference of MySQL 8
(which Myriad follows) from MariaDB, normalised before comparing:
  - JSON is a type in MySQL; MariaDB stores it as LONGTEXT with a
    json_valid() CHECK constraint;
  - CURRENT_TIMESTAMP defaults are spelt current_timestamp() by MariaDB;
  - MariaDB adds DEFAULT NULL to nullable columns in SHOW CREATE TABLE,
    which SQLAlchemy reflects as a server default of NULL;
  - MariaDB shows integer display widths (int(11)) and numeric defaults
    unquoted (DEFAULT 0; MySQL 8: DEFAULT '0');
  - the default character set and collation of a stock server (latin1 on
    MariaDB, utf8mb4_0900_ai_ci on MySQL 8).
"""

import argparse
import datetime
import decimal
import json
import os
import re
import shutil
import sys
import tempfile
import textwrap
import traceback

import sqlalchemy as sa
from sqlalchemy import orm
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext

DB = "alembic_scenario"

ENV_PY = '''
from alembic import context

cfg = context.config
context.configure(
    connection=cfg.attributes["connection"],
    target_metadata=cfg.attributes.get("target_metadata"),
    compare_type=True,
    compare_server_default=True,
)
with context.begin_transaction():
    context.run_migrations()
'''


# The models, one MetaData per version. v(N) is what step N leaves behind.
def model(v):
    md = sa.MetaData()
    users = [
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(100 if v >= 8 else 50), nullable=False),
        sa.Column("email", sa.String(120), nullable=v < 12),
    ]
    if 2 <= v < 16:
        age_default = "18" if v >= 14 else "0"
        users.append(sa.Column("age", sa.BigInteger if v >= 8 else sa.Integer,
                               nullable=False, server_default=age_default))
    if v >= 7:
        users.append(sa.Column("prefs", sa.JSON, nullable=True))
    if 12 <= v < 16:
        users.append(sa.Column("nickname", sa.String(30), nullable=True))
    args = []
    if v >= 4:
        args.append(sa.UniqueConstraint("email", name="uq_users_email"))
    sa.Table("users", md, *users, *args)

    posts = [
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("content" if v >= 9 else "body", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime, nullable=False, server_default=sa.text("CURRENT_TIMESTAMP")),
    ]
    if v >= 6:
        posts.append(sa.Column("status", sa.Enum("draft", "published", "archived", name="post_status"),
                               nullable=False, server_default="published" if v >= 14 else "draft"))
    if v >= 15:
        posts.append(sa.Column("editor_id", sa.Integer,
                               sa.ForeignKey("users.id", name="fk_posts_editor", ondelete="SET NULL"),
                               nullable=True))
    pargs = []
    if 3 <= v < 11:
        pargs.append(sa.Index("ix_posts_title", "title"))
    sa.Table("posts", md, *posts, *pargs)

    tags = "labels" if v >= 10 else "tags"
    if v >= 5:
        sa.Table(tags, md,
                 sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
                 sa.Column("name", sa.String(50), nullable=False, unique=True))
    # One table is dropped in s16: autogenerate orders the drops of two
    # tables with a key between them arbitrarily.
    if 5 <= v < 16:
        sa.Table("post_tags", md,
                 sa.Column("post_id", sa.Integer, sa.ForeignKey("posts.id", ondelete="CASCADE"), primary_key=True),
                 sa.Column("tag_id", sa.Integer, sa.ForeignKey(tags + ".id"), primary_key=True))

    sa.Table("audit_log", md,
             sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
             sa.Column("action", sa.String(80 if v >= 13 else 40), nullable=False),
             *([sa.Column("detail", sa.Text, nullable=True)] if v >= 13 else []))
    return md


# Hand-written migrations (what autogenerate cannot see: renames, data
# migrations, batch operations).
MANUAL = {
    9: ('''
    op.alter_column("posts", "body", new_column_name="content",
                    existing_type=sa.Text(), existing_nullable=True)
''', '''
    op.alter_column("posts", "content", new_column_name="body",
                    existing_type=sa.Text(), existing_nullable=True)
'''),
    10: ('''
    op.rename_table("tags", "labels")
''', '''
    op.rename_table("labels", "tags")
'''),
    12: ('''
    op.execute("UPDATE users SET email = CONCAT(name, '@example.invalid') WHERE email IS NULL")
    with op.batch_alter_table("users") as b:
        b.add_column(sa.Column("nickname", sa.String(30), nullable=True))
        b.alter_column("email", existing_type=sa.String(120), nullable=False)
''', '''
    with op.batch_alter_table("users") as b:
        b.alter_column("email", existing_type=sa.String(120), nullable=True)
        b.drop_column("nickname")
'''),
    13: ('''
    with op.batch_alter_table("audit_log", recreate="always") as b:
        b.alter_column("action", existing_type=sa.String(40), type_=sa.String(80), existing_nullable=False)
        b.add_column(sa.Column("detail", sa.Text(), nullable=True))
''', '''
    op.execute("UPDATE audit_log SET action = LEFT(action, 40)")
    with op.batch_alter_table("audit_log", recreate="always") as b:
        b.drop_column("detail")
        b.alter_column("action", existing_type=sa.String(80), type_=sa.String(40), existing_nullable=False)
'''),
}


# The ORM classes of the first model, used by step 1's data.
class Base(orm.DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"
    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    name: orm.Mapped[str] = orm.mapped_column(sa.String(50))
    email: orm.Mapped[str | None] = orm.mapped_column(sa.String(120))
    posts: orm.Mapped[list["Post"]] = orm.relationship(back_populates="user", passive_deletes=True)


class Post(Base):
    __tablename__ = "posts"
    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    user_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("users.id", ondelete="CASCADE"))
    title: orm.Mapped[str] = orm.mapped_column(sa.String(200))
    body: orm.Mapped[str | None] = orm.mapped_column(sa.Text)
    created_at: orm.Mapped[datetime.datetime] = orm.mapped_column(server_default=sa.func.now())
    user: orm.Mapped[User] = orm.relationship(back_populates="posts")


T0 = datetime.datetime(2024, 5, 17, 10, 30, 0)


def tried(conn, stmt, params=None):
    """Runs a statement that may fail; returns the MySQL error code or 0."""
    try:
        with conn.begin_nested():
            conn.execute(sa.text(stmt) if isinstance(stmt, str) else stmt, params or {})
        return 0
    except sa.exc.DBAPIError as e:
        return e.orig.args[0] if e.orig is not None and e.orig.args else -1


def data(step, conn):
    """The step's DML; returns what it observed (error codes, query results)."""
    seen = {}
    x = conn.execute
    if step == 1:
        with orm.Session(bind=conn) as s:
            ann = User(name="ann", email="ann@example.com",
                       posts=[Post(title="hello", body="first", created_at=T0),
                              Post(title="again", body=None, created_at=T0)])
            bob = User(name="bob", email=None, posts=[Post(title="bob's", body="x" * 300)])
            tmp = User(name="tmp", email="tmp@example.com", posts=[Post(title="gone", created_at=T0)])
            s.add_all([ann, bob, tmp])
            s.commit()
            # The posts go by the database's ON DELETE CASCADE
            # (passive_deletes): the session has not loaded them.
            s.expunge_all()
            s.delete(s.scalars(sa.select(User).where(User.name == "tmp")).one())
            s.flush()
            seen["posts_after_cascade"] = s.scalar(sa.select(sa.func.count()).select_from(Post))
            q = sa.select(User.name, sa.func.count(Post.id)).join(User.posts).group_by(User.name).order_by(User.name)
            seen["per_user"] = [list(r) for r in s.execute(q)]
            s.commit()
        x(sa.text("INSERT INTO audit_log (action) VALUES ('created'), ('seeded')"))
        seen["fk_violation"] = tried(conn, "INSERT INTO posts (user_id, title) VALUES (999, 'orphan')")
    elif step == 2:
        x(sa.text("INSERT INTO users (name, email, age) VALUES ('cy', 'cy@example.com', 30)"))
        seen["ages"] = [list(r) for r in x(sa.text("SELECT name, age FROM users ORDER BY id"))]
    elif step == 4:
        seen["dup_email"] = tried(conn, "INSERT INTO users (name, email) VALUES ('ann2', 'ann@example.com')")
    elif step == 5:
        x(sa.text("INSERT INTO tags (name) VALUES ('go'), ('sql')"))
        x(sa.text("INSERT INTO post_tags SELECT p.id, t.id FROM posts p JOIN tags t "
                  "WHERE p.title = 'hello' OR t.name = 'sql'"))
        seen["bad_tag"] = tried(conn, "INSERT INTO post_tags VALUES (1, 999)")
        seen["dup_tag"] = tried(conn, "INSERT INTO tags (name) VALUES ('go')")
    elif step == 6:
        x(sa.text("UPDATE posts SET status = 'published' WHERE title = 'hello'"))
        seen["bad_enum"] = tried(conn, "UPDATE posts SET status = 'deleted' WHERE id = 1")
    elif step == 7:
        users = sa.Table("users", sa.MetaData(), sa.Column("id", sa.Integer), sa.Column("prefs", sa.JSON))
        x(users.update().where(users.c.id == 1).values(prefs={"theme": "dark", "langs": ["en", "de"]}))
        seen["theme"] = [list(r) for r in x(sa.select(users.c.id, users.c.prefs["theme"].as_string())
                                           .order_by(users.c.id))]
        seen["prefs"] = x(sa.select(users.c.prefs).where(users.c.id == 1)).scalar()
    elif step == 8:
        x(sa.text("UPDATE users SET name = :n, age = 9000000000 WHERE id = 2"), {"n": "b" * 90})
    elif step == 9:
        seen["content"] = [list(r) for r in x(sa.text("SELECT id, LENGTH(content) FROM posts ORDER BY id"))]
    elif step == 10:
        seen["joined"] = [list(r) for r in x(sa.text(
            "SELECT p.title, l.name FROM post_tags pt JOIN posts p ON p.id = pt.post_id "
            "JOIN labels l ON l.id = pt.tag_id ORDER BY 1, 2"))]
        seen["bad_label"] = tried(conn, "INSERT INTO post_tags VALUES (1, 999)")
    elif step == 12:
        seen["null_email"] = tried(conn, "INSERT INTO users (name, email) VALUES ('nomail', NULL)")
        # InnoDB takes no AUTO_INCREMENT value for a row refused for a NULL.
        x(sa.text("INSERT INTO users (name, email) VALUES ('eve', 'eve@example.com')"))
        seen["next_id"] = x(sa.text("SELECT LAST_INSERT_ID()")).scalar()
        x(sa.text("DELETE FROM users WHERE name = 'eve'"))
    elif step == 13:
        x(sa.text("INSERT INTO audit_log (action, detail) VALUES (:a, 'long')"), {"a": "a" * 70})
    elif step == 14:
        x(sa.text("INSERT INTO users (id, name, email) VALUES (50, 'dee', 'dee@example.com')"))
        x(sa.text("INSERT INTO posts (user_id, title, created_at) VALUES (50, 'dee''s', :t)"), {"t": T0})
    elif step == 15:
        x(sa.text("UPDATE posts SET editor_id = 2 WHERE id = 1"))
        x(sa.text("DELETE FROM users WHERE id = 2"))
        seen["editor"] = [list(r) for r in x(sa.text("SELECT id, user_id, editor_id FROM posts ORDER BY id"))]
    return seen


# The steps: (name, kind, target model version). kind: autogen (revision
# --autogenerate from the model, then upgrade), manual (a hand-written
# revision, then upgrade), downgrade/upgrade (to an earlier or later revision).
STEPS = [
    ("s01_create_tables_fk", "autogen", 1),
    ("s02_add_column_default", "autogen", 2),
    ("s03_add_index", "autogen", 3),
    ("s04_unique_constraint", "autogen", 4),
    ("s05_association_table", "autogen", 5),
    ("s06_enum_column", "autogen", 6),
    ("s07_json_column", "autogen", 7),
    ("s08_alter_types", "autogen", 8),
    ("s09_rename_column", "manual", 9),
    ("s10_rename_table", "manual", 10),
    ("s11_drop_index", "autogen", 11),
    ("s12_batch_ops", "manual", 12),
    ("s13_batch_recreate", "manual", 13),
    ("s14_server_defaults", "autogen", 14),
    ("s15_add_fk_set_null", "autogen", 15),
    ("s16_drop_tables", "autogen", 16),
    ("s17_downgrade_one", "downgrade", 15),
    ("s18_downgrade_to_s08", "downgrade", 8),
    ("s19_upgrade_head", "upgrade", 16),
    ("s20_downgrade_base", "downgrade", 0),
]


def rev_id(v):
    return "s%02d" % v


class Server:
    def __init__(self, name, addr, workdir):
        self.name = name
        host, port = addr.rsplit(":", 1)
        url = "mysql+pymysql://root@%s:%s" % (host, port)
        with sa.create_engine(url).connect() as c:
            c.execute(sa.text("DROP DATABASE IF EXISTS " + DB))
            c.execute(sa.text("CREATE DATABASE " + DB))
        self.engine = sa.create_engine(url + "/" + DB, pool_pre_ping=True)
        self.dir = os.path.join(workdir, name)
        self.cfg = Config()
        self.cfg.set_main_option("script_location", self.dir)
        # What `alembic init` lays out, without its alembic.ini.
        os.makedirs(os.path.join(self.dir, "versions"))
        shutil.copy(os.path.join(self.cfg.get_template_directory(), "generic", "script.py.mako"), self.dir)
        with open(os.path.join(self.dir, "env.py"), "w") as f:
            f.write(ENV_PY)
        self.scripts = {}

    def revision(self, v, kind):
        """Writes revision v: autogenerated against this server, or the manual one."""
        down = rev_id(v - 1) if v > 1 else None
        if kind == "manual":
            up, dn = MANUAL[v]
            path = os.path.join(self.dir, "versions", rev_id(v) + ".py")
            with open(path, "w") as f:
                f.write("from alembic import op\nimport sqlalchemy as sa\n\n"
                        "revision = %r\ndown_revision = %r\nbranch_labels = None\ndepends_on = None\n\n"
                        "def upgrade():%s\n\ndef downgrade():%s\n" % (rev_id(v), down, up, dn))
            return
        with self.engine.begin() as conn:
            self.cfg.attributes["connection"] = conn
            self.cfg.attributes["target_metadata"] = model(v)
            script = command.revision(self.cfg, message=rev_id(v), autogenerate=True, rev_id=rev_id(v))
        with open(script.path) as f:
            text = f.read()
        # Only the operations: the header carries the date of creation.
        text = text[text.index("def upgrade"):]
        # MariaDB's integer display widths (see norm_type).
        # The servers' default character sets differ (latin1 on a stock
        # MariaDB, utf8mb4 with utf8mb4_0900_ai_ci on MySQL 8).
        text = re.sub(r"\n\s*mysql_(collate|default_charset)='\w+',?", "", text)
        # MySQL 8 quotes numeric defaults in SHOW CREATE TABLE, MariaDB not.
        text = re.sub(r"display_width=\d+", "", text)
        self.scripts[v] = re.sub(r"""sa\.text\("'(-?[0-9.]+)'"\)""", r"sa.text('\1')", text)

    def migrate(self, fn, target):
        with self.engine.begin() as conn:
            self.cfg.attributes["connection"] = conn
            self.cfg.attributes["target_metadata"] = None
            fn(self.cfg, target)

    def stamp(self, target):
        self.migrate(lambda cfg, t: command.stamp(cfg, t, purge=True), target)

    def diffs(self, v):
        """Autogenerate's differences between the database and model v."""
        with self.engine.connect() as conn:
            mc = MigrationContext.configure(conn, opts={"compare_type": True, "compare_server_default": True})
            md = model(v) if v else sa.MetaData()
            return [d for d in compare_metadata(mc, md)
                    if not (isinstance(d, tuple) and d[0] == "remove_table" and d[1].name == "alembic_version")]

    def snapshot(self):
        """The reflected schema and every row, normalised (see the module doc)."""
        with self.engine.connect() as conn:
            insp = sa.inspect(conn)
            out = {}
            for t in sorted(insp.get_table_names()):
                cols = []
                for c in insp.get_columns(t):
                    typ = c["type"]
                    ts = norm_type(typ, conn.dialect)
                    d = c.get("default")
                    d = None if d is None else norm_default(d)
                    if d == "NULL" and c["nullable"]:
                        d = None
                    cols.append([c["name"], ts, c["nullable"], d, c.get("autoincrement")])
                pk = insp.get_pk_constraint(t)["constrained_columns"]
                fks = sorted([[f.get("name"), f["constrained_columns"], f["referred_table"], f["referred_columns"],
                               {k: v.upper() for k, v in sorted(f.get("options", {}).items())
                                if v.upper() not in ("RESTRICT", "NO ACTION")}]
                              for f in insp.get_foreign_keys(t)], key=str)
                idx = sorted([[i["name"], i["column_names"], bool(i["unique"])] for i in insp.get_indexes(t)],
                             key=str)
                uqs = sorted([[u["name"], u["column_names"]] for u in insp.get_unique_constraints(t)], key=str)
                order = ", ".join("`%s`" % c for c in pk) or "1"
                rows = [[norm_value(v) for v in r] for r in conn.execute(sa.text("SELECT * FROM `%s` ORDER BY %s" % (t, order)))]
                out[t] = {"columns": cols, "pk": pk, "fks": fks, "indexes": idx, "uniques": uqs, "rows": rows}
            return out


def norm_type(typ, dialect):
    if isinstance(typ, sa.JSON):
        return "JSON"
    # MariaDB's JSON (its inline json_valid() CHECK is not reflected).
    if (getattr(dialect, "is_mariadb", False) and type(typ).__name__ == "LONGTEXT"
            and getattr(typ, "collation", None) == "utf8mb4_bin"):
        return "JSON"
    s = str(typ.compile(dialect=dialect))
    # MariaDB shows integer display widths, MySQL 8 does not.
    s = re.sub(r"^(TINYINT|SMALLINT|MEDIUMINT|INTEGER|BIGINT)\(\d+\)", r"\1", s)
    s = re.sub(r" (CHARACTER SET|COLLATE) \w+", "", s)
    return s


def norm_default(d):
    d = d.strip()
    if re.fullmatch(r"(?i)current_timestamp(\(\))?", d):
        return "CURRENT_TIMESTAMP"
    return d.strip("'") if d.startswith("'") else d


def norm_value(v):
    if isinstance(v, datetime.datetime) and abs((v - datetime.datetime.now()).total_seconds()) < 3600:
        return "<now>"
    if isinstance(v, (datetime.date, datetime.time, decimal.Decimal)):
        return str(v)
    if isinstance(v, bytes):
        return v.hex()
    if isinstance(v, str) and v[:1] in "{[":
        try:
            return json.loads(v)
        except ValueError:
            pass
    return v


def run_step(srv, i, name, kind, v):
    """Runs one step on one server; returns (observed data, error text)."""
    try:
        if kind in ("autogen", "manual"):
            srv.revision(v, kind)
            srv.migrate(command.upgrade, rev_id(v))
        elif kind == "downgrade":
            srv.migrate(command.downgrade, rev_id(v) if v else "base")
        else:
            srv.migrate(command.upgrade, "heads")
    except Exception as e:
        try:
            srv.stamp(rev_id(v) if v else "base")
        except Exception:
            pass
        return None, "migration: %s" % short(e)
    try:
        with srv.engine.begin() as conn:
            return data(i, conn), None
    except Exception as e:
        return None, "data: %s" % short(e)


def diff_summary(d):
    """One of compare_metadata's differences, without object addresses."""
    if isinstance(d, list):
        return ", ".join(map(diff_summary, d))
    parts = []
    for x in d:
        if isinstance(x, sa.sql.schema.DefaultClause):
            x = getattr(x.arg, "text", x.arg)
        elif isinstance(x, (sa.Table, sa.Column, sa.Index, sa.Constraint)):
            x = "%s %s" % (type(x).__name__, getattr(x, "name", ""))
        elif isinstance(x, dict):
            continue
        parts.append(str(x))
    return " ".join(parts)


def short(e):
    s = "%s: %s" % (type(e).__name__, e)
    return s.splitlines()[0][:300]


def diff_text(a, b):
    """The first difference between two JSON-able values, as a path."""
    def walk(x, y, path):
        if type(x) is not type(y):
            return "%s: %r != %r" % (path, x, y)
        if isinstance(x, dict):
            for k in sorted(set(x) | set(y), key=str):
                if k not in x or k not in y:
                    return "%s.%s: only on %s" % (path, k, "mariadb" if k in x else "myriad")
                r = walk(x[k], y[k], "%s.%s" % (path, k))
                if r:
                    return r
            return None
        if isinstance(x, list):
            if len(x) != len(y):
                return "%s: %d items != %d: %r != %r" % (path, len(x), len(y), x, y)
            for n, (p, q) in enumerate(zip(x, y)):
                r = walk(p, q, "%s[%d]" % (path, n))
                if r:
                    return r
            return None
        return None if x == y else "%s: %r != %r" % (path, x, y)
    return walk(a, b, "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mariadb", required=True)
    ap.add_argument("--myriad", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--keep", help="keep the generated migrations in this directory")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="alembic-scenario.")
    results = []
    try:
        ref = Server("mariadb", args.mariadb, work)
        sut = Server("myriad", args.myriad, work)
        for i, (name, kind, v) in enumerate(STEPS, 1):
            got = {}
            for srv in (ref, sut):
                seen, err = run_step(srv, i, name, kind, v)
                snap = None
                if err is None:
                    try:
                        d = srv.diffs(v)
                        if d:
                            err = "autogenerate differences from the model: %s" % "; ".join(map(diff_summary, d))
                        snap = srv.snapshot()
                    except Exception as e:
                        err = "reflection: %s" % short(e)
                got[srv.name] = (seen, snap, err)
            r_seen, r_snap, r_err = got["mariadb"]
            s_seen, s_snap, s_err = got["myriad"]
            if s_err is None and r_err is None:
                if kind == "autogen" and ref.scripts.get(v) != sut.scripts.get(v):
                    s_err = "autogenerated script differs: %s" % diff_text(
                        ref.scripts.get(v, "").splitlines(), sut.scripts.get(v, "").splitlines())
                elif r_snap != s_snap:
                    s_err = "reflected schema/rows differ: %s" % diff_text(r_snap, s_snap)
                elif r_seen != s_seen:
                    s_err = "observed data differ: %s" % diff_text(r_seen, s_seen)
            elif s_err is None:
                s_err = "not compared: MariaDB failed the step"
            results.append(("mariadb", name, r_err))
            results.append(("myriad", name, s_err))
    except Exception:
        traceback.print_exc()
        sys.exit(2)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    with open(args.out, "w") as f:
        for srv, name, err in results:
            f.write("%s %s %s\n" % (srv, name, "pass" if err is None else "fail"))
    for srv in ("mariadb", "myriad"):
        mine = [(n, e) for s, n, e in results if s == srv]
        print("alembic scenario on %s: %d/%d steps pass" % (srv, sum(e is None for _, e in mine), len(mine)))
        for n, e in mine:
            if e is not None:
                print("  %s %s: %s" % (srv, n, e))


if __name__ == "__main__":
    main()
