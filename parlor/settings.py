"""Parlor's settings. The embedded defaults need nothing installed: SQLite
(WAL) under var/, the in-memory channel layer, and a secret key generated into
var/ on first run. DATABASE_URL switches to PostgreSQL (or names another
SQLite file), REDIS_URL to the Redis channel layer, PARLOR_SECURE=1 to the
settings for a public HTTPS server."""

import os
import secrets
import sys
from pathlib import Path

import dj_database_url

from web import hosts

BASE_DIR = Path(__file__).resolve().parent.parent
VAR = Path(os.environ.get("PARLOR_VAR", BASE_DIR / "var"))
VAR.mkdir(parents=True, exist_ok=True)
# The key a site signs its sessions with (each browser's seats) when
# SECRET_KEY doesn't give one; a backup carries it (parlor/backups.py).
SECRET_KEY_FILE = VAR / "secret_key"


def _secret_key() -> str:
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = SECRET_KEY_FILE
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("PARLOR_DEBUG", "0") == "1"
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver").split(",") if h]
# A family's server on the home network: bound beyond loopback (parlor.serve
# says where, as PARLOR_BIND) with no ALLOWED_HOSTS set, it answers to the
# names the family's phones reach it by, which web/hosts.py checks as the
# first middleware (decision 21).
PARLOR_HOME_NETWORK = hosts.serves_home_network(os.environ.get("PARLOR_BIND", "127.0.0.1"), os.environ.get("ALLOWED_HOSTS", ""))
if PARLOR_HOME_NETWORK:
    ALLOWED_HOSTS = ["*"]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "parlor",  # the site's own commands: backup and restore
    "tables",
    "web",
    "accounts",
    "ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "web.nul.refuse_nul",  # before anything reads the session: see there
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
if PARLOR_HOME_NETWORK:
    MIDDLEWARE.insert(0, "web.hosts.home_network_only")

ROOT_URLCONF = "parlor.urls"
ASGI_APPLICATION = "parlor.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


def sqlite(name: str) -> dict:
    """SQLite, the embedded default, and what a ``sqlite:///path`` URL gets."""
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": name,
        "CONN_MAX_AGE": None,  # one connection per thread, kept: opening one costs more than a move (a page's request closes its own: tables/apps.py)
        "OPTIONS": {
            # Writers queue for the lock at BEGIN instead of failing
            # midway; WAL lets readers carry on while one writes.
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            # Columns come back as SQLite holds them, not cast by their
            # declared types at every statement (1.5% of a move's
            # instructions): the ORM converts what it reads, and
            # tables/rows.py its own.
            "detect_types": 0,
            # A 64 MB page cache keeps busy tables' rows in memory. The
            # server checkpoints the log from a thread (tables/wal.py);
            # SQLite's own checkpoint waits for a log of 40 MB. The column
            # checks Django declares are not run: they are its JSON
            # columns' JSON_VALID, which parsed a table's whole state again
            # at every save (4% of a move's instructions), and its
            # non-negative numbers; every JSON column is written by orjson
            # or Django's own encoder, which write nothing else.
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                            "PRAGMA cache_size=-65536; PRAGMA wal_autocheckpoint=10000; "
                            "PRAGMA ignore_check_constraints=ON;",
        },
    }


# PostgreSQL gives up on a connection it can't open in CONNECT_SECONDS, and
# on a statement still unanswered after STATEMENT_SECONDS (waiting for a
# lock included), so a stuck database fails the statement instead of
# holding one of a process's few database threads for good (decision 16). A move's statements take milliseconds and a lock is held for
# one transaction, a batch of moves at most; ten seconds is thousands of
# times that. `manage.py migrate` runs without the statement limit: building
# an index over every move of a big site may rightly take minutes.
CONNECT_SECONDS = 5
STATEMENT_SECONDS = float(os.environ.get("PARLOR_STATEMENT_TIMEOUT", "10"))


def database(url: str | None, migrating: bool = False) -> dict:
    """The database a DATABASE_URL names (SQLite under var/ without one)."""
    if not url:
        return sqlite(os.environ.get("PARLOR_SQLITE", str(VAR / "parlor.sqlite3")))
    parsed = dj_database_url.parse(url)
    if parsed["ENGINE"] == "django.db.backends.sqlite3":
        return sqlite(parsed["NAME"])
    if parsed["ENGINE"] != "django.db.backends.postgresql":
        return parsed
    options = parsed.setdefault("OPTIONS", {})
    # Each process borrows from a pool of at most 16 connections: the event
    # loop keeps one for its sockets and bots, and each request borrows one
    # and hands it back, so a burst of requests waits its turn instead of
    # opening a connection apiece past PostgreSQL's limit (100 by default:
    # room for five processes).
    options["pool"] = {"min_size": 4, "max_size": 16, "timeout": 10}
    # A statement run five times on a connection is prepared there, so
    # PostgreSQL plans each move's statements once, not every move (a third
    # of its work at 500 busy tables).
    options.setdefault("prepare_threshold", 5)
    options.setdefault("connect_timeout", CONNECT_SECONDS)
    given = options.get("options", "")
    if "statement_timeout" not in given:
        limit = 0 if migrating else round(STATEMENT_SECONDS * 1000)
        options["options"] = f"{given} -c statement_timeout={limit}".strip()
    return parsed


DATABASES = {"default": database(os.environ.get("DATABASE_URL"), migrating=sys.argv[1:2] == ["migrate"])}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Live updates: through Redis's publish and subscribe when several processes
# serve the site (one message a change, whoever holds the sockets), else
# within the one process.
if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "tables.layer.SharedLayer",
            "CONFIG": {"hosts": [os.environ["REDIS_URL"]]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "tables.layer.ProcessLayer"}}

# The cache counts each browser's actions for the rate limits: Redis when
# the site scales out, so every process counts together.
if os.environ.get("REDIS_URL"):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": os.environ["REDIS_URL"]}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# (most actions, per seconds) per browser: moves and table actions, and
# joining or creating tables.
PARLOR_LIMITS = {
    "act": (int(os.environ.get("PARLOR_LIMIT_ACTS", "60")), 10),
    "join": (int(os.environ.get("PARLOR_LIMIT_JOINS", "20")), 60),
    "talk": (int(os.environ.get("PARLOR_LIMIT_TALK", "8")), 15),
}
# The same, per address (behind a proxy, the one it reports): a household's
# browsers share one, so an address may do what a few busy browsers do.
PARLOR_ADDRESS_LIMITS = {
    "act": (int(os.environ.get("PARLOR_LIMIT_ADDRESS_ACTS", "240")), 10),
    "join": (int(os.environ.get("PARLOR_LIMIT_ADDRESS_JOINS", "60")), 60),
    "talk": (int(os.environ.get("PARLOR_LIMIT_ADDRESS_TALK", "30")), 15),
}
# Days what was said at a table is kept after the table's last game ends
# (tables.talking; `manage.py forget_talk CODE` deletes a table's at once).
PARLOR_TALK_KEPT_DAYS = float(os.environ.get("PARLOR_TALK_KEPT_DAYS", "7"))
# Sockets one browser, and one address, may hold open on a server process
# (a tab holds one); and (most, per seconds) refreshes one socket may ask
# for, each a read of the table (the table sends every change by itself).
PARLOR_SOCKETS = {
    "browser": int(os.environ.get("PARLOR_SOCKETS_PER_BROWSER", "12")),
    "address": int(os.environ.get("PARLOR_SOCKETS_PER_ADDRESS", "100")),
}
PARLOR_REFRESHES = (int(os.environ.get("PARLOR_LIMIT_REFRESHES", "10")),
                    float(os.environ.get("PARLOR_REFRESH_SECONDS", "10")))

# A password of at least 8 characters, not like the username or e-mail, not
# one of the 20,000 most common, not digits or spaces alone (the sign-up page
# says so in words).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "accounts.passwords.NotOnlySpaces"},
]

LOGIN_URL = "accounts:signin"
# Every password check is counted by the sign-in limits (accounts/backends.py);
# Django's own backend stays listed so sessions signed in before stay so.
AUTHENTICATION_BACKENDS = ["accounts.backends.LimitedBackend", "django.contrib.auth.backends.ModelBackend"]

# How often signing in may fail, and a reset mail be asked for (most, per
# seconds), counted in the cache like PARLOR_LIMITS: wrong passwords for
# one account, failed sign-ins from one address (a household shares one, so
# more), reset mails to one e-mail address and from one address.
PARLOR_ACCOUNT_LIMITS = {
    "signin-account": (10, 15 * 60),
    "signin-address": (30, 15 * 60),
    "reset-email": (3, 60 * 60),
    "reset-address": (10, 60 * 60),
}

# Mail, for a forgotten password and a turn at a table played over days: through SMTP when EMAIL_HOST names a
# server, else written to the console (the server's output), so a family
# server needs none. A mail server that doesn't answer fails the request
# after EMAIL_TIMEOUT seconds instead of holding it.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_USE_SSL = os.environ.get("EMAIL_USE_SSL", "0") == "1"
    EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "0" if EMAIL_USE_SSL else "1") == "1"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "465" if EMAIL_USE_SSL else "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Parlor <parlor@localhost>")

# Tables played over days (tables.pace, tables.turnmail). A signed-in player
# with an e-mail address is mailed when it becomes their turn at one (once a
# table until they move there), if the turn is still theirs after
# PARLOR_TURN_MAIL_WAIT seconds, and at most PARLOR_TURN_MAILS_A_DAY a day;
# each process's ticker looks for mails to send every PARLOR_MAIL_SECONDS
# (and at once when it keeps one). The mails' links lead to SITE_URL, else
# to the address the server says it serves at. The link in a mail that
# turns them off works for PARLOR_OFF_LINK_DAYS days. A person may be at
# PARLOR_DAYS_TABLES tables played over days at once.
PARLOR_SITE_URL = os.environ.get("SITE_URL", "")
PARLOR_TURN_MAIL_WAIT = float(os.environ.get("PARLOR_TURN_MAIL_WAIT", "120"))
PARLOR_TURN_MAILS_A_DAY = int(os.environ.get("PARLOR_TURN_MAILS_A_DAY", "20"))
PARLOR_MAIL_SECONDS = float(os.environ.get("PARLOR_MAIL_SECONDS", "10"))
PARLOR_OFF_LINK_DAYS = float(os.environ.get("PARLOR_OFF_LINK_DAYS", "90"))
PARLOR_DAYS_TABLES = int(os.environ.get("PARLOR_DAYS_TABLES", "20"))

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Each game's browser table lives in its own folder (games/<folder>/web/) and
# is served under games/<slug>/, the slug being the folder's name with dashes.
STATICFILES_DIRS = [
    (f"games/{folder.parent.name.replace('_', '-')}", folder)
    for folder in sorted((BASE_DIR / "games").glob("*/web"))
]
# A server gathers them here as it starts, whenever they changed since the
# last time (`manage.py collectstatic` does it by hand), compressed and under
# hashed names that WhiteNoise serves with a year's cache (parlor/static.py).
# With PARLOR_DEBUG=1 the files are served straight from their folders, as
# they change, without collecting.
STATIC_ROOT = Path(os.environ.get("PARLOR_STATIC_ROOT") or VAR / "static")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "parlor.static.HashedStorage"},
}
# The site's pages take their files from its own address, never another's:
# no static file needs WhiteNoise's header letting any site read it (a
# table page asks for some forty files, so each header costs a kilobyte).
WHITENOISE_ALLOW_ALL_ORIGINS = False

SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # a browser keeps its seats for a year
SESSION_SAVE_EVERY_REQUEST = False
CSRF_COOKIE_HTTPONLY = False  # the page's script reads it for the JSON API
CSRF_FAILURE_VIEW = "web.api.csrf_failure"  # a sentence for JSON calls, Django's page for forms

# Bots: one number scales every think time (tests and benchmarks set 0).
PARLOR_BOT_THINK = float(os.environ.get("PARLOR_BOT_THINK", "1.0"))
# How long a bot that falls due waits for others falling due after it, so the
# ticker plays them in one turn, one transaction (scaled by PARLOR_BOT_THINK,
# and short beside any think time).
PARLOR_BOT_GATHER = float(os.environ.get("PARLOR_BOT_GATHER", "0.02"))
# After this many idle seconds on their turn at a live table, anyone seated may
# cover a person's seat (the host may at any time).
PARLOR_IDLE_SECONDS = float(os.environ.get("PARLOR_IDLE_SECONDS", "90"))
# How often each process's ticker polls for overdue bots (alarms ring on time).
PARLOR_TICK_SECONDS = float(os.environ.get("PARLOR_TICK_SECONDS", "1.0"))
# How often each process's ticker looks for a table whose turn is a bot's with
# no bot due (none should be: the look logs and repairs any it finds).
PARLOR_STUCK_SECONDS = float(os.environ.get("PARLOR_STUCK_SECONDS", "60"))
# Worker processes a server process starts for its hard bots' thinking (0:
# one for each core the process may run on).
PARLOR_BOT_WORKERS = int(os.environ.get("PARLOR_BOT_WORKERS", "0") or "0")

# Public HTTPS servers: PARLOR_SECURE=1. Plain-HTTP home use leaves it off.
PARLOR_SECURE = os.environ.get("PARLOR_SECURE", "0") == "1"
if PARLOR_HOME_NETWORK and not PARLOR_SECURE:
    # A phone's browser ignores this header on a plain-HTTP page of the home
    # network, and says so in its console on every page: it isn't sent.
    SECURE_CROSS_ORIGIN_OPENER_POLICY = None
if PARLOR_SECURE:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# Games beyond the built-in ones, as "slug=module,slug=module" (the tests
# register their own small game this way).
PARLOR_EXTRA_GAMES = dict(
    item.split("=", 1) for item in os.environ.get("PARLOR_EXTRA_GAMES", "").split(",") if "=" in item
)
