from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("signup", views.signup, name="signup"),
    path("signin", views.SignIn.as_view(), name="signin"),
    path("signout", views.SignOut.as_view(), name="signout"),
    path("house-rules/<str:game>", views.house_rules_view, name="house-rules"),
    path("players/<str:username>", views.profile, name="profile"),
    path("leaderboards", views.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>", views.leaderboard, name="leaderboard"),
    path("results/<int:pk>", views.result_page, name="result"),
]
