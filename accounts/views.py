"""Players: sign up, in and out (Django's auth: a username and a password,
and an e-mail address only if they want a way back to a forgotten one), the
password reset by mail, saved house rules, each player's profile and
history, a leaderboard per game, and each game's result page: for the
people who were at the table, and for anyone they pass its shared link to.

A guest plays under a name kept in the browser (the lobby's), with a random
id in the session (``web.visitors``); signing up keeps the tables that
browser sits at, as the new player's. Every form carries Django's CSRF token
and every state-changing call needs it. Signing in and asking for reset
mails are limited per account and per address (``throttle``)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from engine import registry
from ratings import chart
from ratings import tables as rating_tables
from ratings.models import SETTLED, Change, Rating
from tables import service, witnesses
from tables.models import Seat
from web import api, outcome, wire
from web.results import LEVEL_NAMES, result_link, seat_label, title
from web.visitors import asker

from . import house_rules, throttle
from .forms import ChangePasswordForm, EmailForm, NewPasswordForm, SignUpForm


def _next(request, fallback: str) -> str:
    """Where to go after signing up or in: a page on this site, else fallback."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if wanted and url_has_allowed_host_and_scheme(wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return wanted
    return fallback


def adopt_seats(request, user) -> int:
    """A guest who signs up keeps the tables they are in: this browser's
    seats become the new player's (games finished before keep their record
    as they were)."""
    browser = request.session.get("browser")
    if not browser:
        return 0
    return Seat.objects.filter(browser=browser, kind=Seat.PERSON, user__isnull=True).update(user=user)


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.method == "POST":
        form = SignUpForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="accounts.backends.LimitedBackend")  # keeps the session, and so this browser's id
            adopt_seats(request, user)
            if not request.session.get("name"):
                request.session["name"] = user.username[: service.NAME_LENGTH]
            messages.success(request, f"Welcome, {user.username}. Your games are kept and rated from now on.")
            return redirect(_next(request, "/"))
    else:
        form = SignUpForm(initial={"username": request.session.get("name", "")})
    return render(request, "accounts/signup.html", {"form": form, "next": _next(request, "")})


class SignIn(auth_views.LoginView):
    """Django's sign-in. Every try is counted against the account typed and
    the address it came from before its password is checked
    (``backends.LimitedBackend``); over either limit the page says so in a
    sentence."""

    template_name = "accounts/signin.html"
    redirect_authenticated_user = False

    def get_default_redirect_url(self):
        return "/"

    def form_invalid(self, form):
        refused = getattr(self.request, "signin_refused", None)
        if refused is None:
            return super().form_invalid(form)
        return self.render_to_response(self.get_context_data(form=form, refused=refused), status=429)


class ForgotPassword(auth_views.PasswordResetView):
    """Django's password reset: a mail with a link that sets a new password,
    to every account with that address. The page says the same whether or
    not one has it. Mails are limited per e-mail address and per address
    asking."""

    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("accounts:password-reset-sent")

    @property
    def extra_email_context(self):
        return {"days": max(1, round(settings.PASSWORD_RESET_TIMEOUT / 86400))}

    def form_valid(self, form):
        email = form.cleaned_data["email"].strip().casefold()
        where = throttle.address(self.request)
        sentence = (f"That's a lot of reset mails in a short time. Wait {throttle.wait('reset-email')}, then try again; "
                    "a mail sent already may still be on its way.")
        if not throttle.take("reset-email", email):
            return self.render_to_response(self.get_context_data(form=form, refused=sentence), status=429)
        if not throttle.take("reset-address", where):
            throttle.give_back("reset-email", email)
            return self.render_to_response(self.get_context_data(form=form, refused=sentence), status=429)
        return super().form_valid(form)


class ResetSent(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_sent.html"


class NewPassword(auth_views.PasswordResetConfirmView):
    """The link from the mail: choose a new password. Setting it signs out
    every other browser signed in to the account, and lifts the account's
    sign-in limit."""

    template_name = "accounts/password_reset_confirm.html"
    form_class = NewPasswordForm
    success_url = reverse_lazy("accounts:password-reset-done")

    def form_valid(self, form):
        throttle.forget("signin-account", throttle.account(form.user.get_username()))
        return super().form_valid(form)


class ResetDone(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_done.html"


class ChangePassword(auth_views.PasswordChangeView):
    """A signed-in player's new password (this browser stays signed in)."""

    template_name = "accounts/password_change.html"
    form_class = ChangePasswordForm

    def get_success_url(self):
        return reverse("accounts:profile", args=[self.request.user.get_username()])

    def form_valid(self, form):
        messages.success(self.request, "Your new password is set.")
        return super().form_valid(form)


@login_required
@require_http_methods(["GET", "POST"])
def email(request):
    """A signed-in player's e-mail address, the way back to a forgotten
    password, and whether it is mailed when it's their turn at a table
    played over days (tables.turnmail)."""
    user = request.user
    form = EmailForm(request.POST if request.method == "POST" else None, instance=user,
                     initial={"turn_mails": service.turnmail.wanted(user.pk)})
    if request.method == "POST" and form.is_valid():
        form.save()
        service.turnmail.choose(user.pk, form.cleaned_data["turn_mails"])
        said = (f"Saved: if you forget your password, a link to set a new one goes to {user.email}."
                if user.email else "No e-mail address kept: a forgotten password can't be reset by mail.")
        if user.email:
            said += (" It's mailed when it's your turn at a table played over days." if form.cleaned_data["turn_mails"]
                     else " It isn't mailed when it's your turn.")
        messages.success(request, said)
        return redirect("accounts:profile", user.get_username())
    return render(request, "accounts/email.html", {"form": form})


@require_http_methods(["GET", "POST"])
def turn_mails_off(request, token):
    """The link in every turn mail: no sign-in needed, the link's signed
    token names the player. GET asks (a mail reader that opens links to look
    at them turns nothing off); POST turns the mails off."""
    try:
        player = service.turnmail.named_by(token) if request.method == "GET" else service.turnmail.turned_off(token)
    except service.Refused as refused:
        return render(request, "web/refused.html", {"title": "Mails", "heading": "That link can't be used",
                                                    "sentence": refused.sentence}, status=refused.status)
    return render(request, "accounts/turn_mails_off.html", {"player": player, "done": request.method == "POST"})


class SignOut(auth_views.LogoutView):
    """POST only (with the CSRF token), as Django's LogoutView is."""

    next_page = "/"


@api.only("GET", "POST")
def house_rules_view(request, game):
    """GET: whether you're signed in, and your saved house rules for a game.
    POST {"settings": {...}}: save them (signed in only)."""
    found = registry.get(game)
    if found is None:
        return JsonResponse({"error": "We don't have that game."}, status=404)
    user = request.user if request.user.is_authenticated else None
    if request.method == "GET":
        return JsonResponse({"signedIn": user is not None, "username": user.username if user else None,
                             "saved": house_rules.saved(user.id if user else None, found.slug)})
    if user is None:
        return JsonResponse({"error": "Sign in to save your house rules."}, status=403)
    try:
        body = wire.parse(request.body)
    except service.Refused as refused:
        return JsonResponse({"error": refused.sentence}, status=refused.status)
    if not isinstance(body.get("settings"), dict):
        return JsonResponse({"error": "Send the settings to save as your house rules."}, status=400)
    saved = house_rules.save(user.id, found.slug, body["settings"])
    return JsonResponse({"signedIn": True, "username": user.username, "saved": saved})


# -- pages -----------------------------------------------------------------------

def change_text(change: Change) -> str:
    if not change.rated:
        return f"not rated: {change.why}"
    delta = change.delta
    sign = "−" if round(delta, 1) < 0 else "+"
    return f"{sign}{abs(delta):.1f} → {change.mu_after:.0f} ± {change.sigma_after:.0f}"


def _rated_games(player) -> dict[str, list[Change]]:
    """Each game's rated games of this player, oldest first (a player at
    two seats of one game: its first seat)."""
    out: dict[str, list[Change]] = {}
    for change in (Change.objects.filter(user=player, rated=True).select_related("result")
                   .order_by("result__finished", "result_id", "seat")):
        games = out.setdefault(change.game, [])
        if not games or games[-1].result_id != change.result_id:
            games.append(change)
    return out


def profile(request, username):
    player = get_object_or_404(get_user_model(), username=username)
    # The history and the charts link to each game, and name its table, only
    # for those who were at that table: to anyone else a table's code is a way in.
    user_id, browser = asker(request)
    tables = witnesses.tables_at(user_id, browser)

    def replay_of(change: Change) -> str | None:
        return reverse("replay", args=[change.result_id]) if witnesses.was_at(change.result, user_id, tables) else None

    rated = _rated_games(player)
    ratings = [
        {"game": r.game, "title": title(r.game), "mu": r.mu, "sigma": r.sigma, "played": r.played, "rated": r.rated,
         "settled": r.settled, "chart": chart.chart(title(r.game), rated.get(r.game, []), replay_of)}
        for r in Rating.objects.filter(user=player, played__gt=0).order_by("-played", "game")
    ]
    changes = (Change.objects.filter(user=player).select_related("result", "result__table")
               .order_by("-result__finished", "-result_id", "seat"))
    history, seen = [], set()
    for change in changes[:200]:
        result = change.result
        if result.pk in seen:  # a player at two seats of one game: its first seat
            continue
        seen.add(result.pk)
        history.append({
            "when": result.finished, "game": title(result.game), "slug": result.game,
            "seats": [{"label": seat_label(s), "you": i == change.seat} for i, s in enumerate(result.seats)],
            "outcome": outcome.outcome(result, change.seat), "change": change_text(change), "rated": change.rated,
            "delta": change.delta, **({"link": result_link(result), "code": result.table.code, "replay": replay_of(change)}
                                      if witnesses.was_at(result, user_id, tables) else {"link": None, "code": None, "replay": None}),
        })
    return render(request, "accounts/profile.html", {
        "player": player, "ratings": ratings, "charted": any(r["chart"] for r in ratings), "history": history,
        "mine": request.user == player,
        "settled": SETTLED,
    })


def _leaderboard_games() -> list[dict]:
    slugs = list(registry.REGISTERED)
    for slug in Rating.objects.values_list("game", flat=True).distinct():
        if slug not in slugs:
            slugs.append(slug)
    return [{"slug": s, "title": title(s)} for s in slugs]


def leaderboards(request):
    return render(request, "accounts/leaderboards.html", {"games": _leaderboard_games(), "settled": SETTLED})


def leaderboard(request, game):
    known = {g["slug"] for g in _leaderboard_games()}
    if game not in known:
        raise Http404("There is no leaderboard for that game.")
    settled = list(Rating.objects.filter(game=game, rated__gt=0, sigma__lt=SETTLED).select_related("user"))
    unsettled = Rating.objects.filter(game=game, rated__gt=0, sigma__gte=SETTLED).count()
    rows = [{"name": r.user.username, "link": reverse("accounts:profile", args=[r.user.username]), "mu": r.mu,
             "sigma": r.sigma, "played": r.played, "bot": False} for r in settled]
    for level, mu in rating_tables.anchors(game).items():
        rows.append({"name": f"{LEVEL_NAMES[level]} bot", "link": None, "mu": mu, "sigma": 0.0, "played": None, "bot": True})
    rows.sort(key=lambda r: (-r["mu"], r["bot"], r["name"]))
    rank = 0
    for row in rows:
        if not row["bot"]:
            rank += 1
            row["rank"] = rank
    return render(request, "accounts/leaderboard.html", {
        "game": {"slug": game, "title": title(game)}, "rows": rows, "unsettled": unsettled, "settled": SETTLED,
        "others": [g for g in _leaderboard_games() if g["slug"] != game],
    })


