from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("signup", views.signup, name="signup"),
    path("signin", views.SignIn.as_view(), name="signin"),
    path("signout", views.SignOut.as_view(), name="signout"),
    path("password-reset", views.ForgotPassword.as_view(), name="password-reset"),
    path("password-reset/sent", views.ResetSent.as_view(), name="password-reset-sent"),
    path("password-reset/<uidb64>/<token>", views.NewPassword.as_view(), name="password-reset-confirm"),
    path("password-reset/done", views.ResetDone.as_view(), name="password-reset-done"),
    path("password", views.ChangePassword.as_view(), name="password"),
    path("email", views.email, name="email"),
    path("turn-mails/off/<str:token>", views.turn_mails_off, name="turn-mails-off"),
    path("house-rules/<str:game>", views.house_rules_view, name="house-rules"),
    path("players/<str:username>", views.profile, name="profile"),
    path("leaderboards", views.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>", views.leaderboard, name="leaderboard"),
]
