"""Routes: pages at the site root (each app's urls), the REST API under /api/v1/, the admin."""

from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.cache import cache_control
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import language


class FaviconView(RedirectView):
    """Browsers ask for /favicon.ico whatever a page's <link rel="icon"> says: send them to the icon. Its
    address is read at request time and the redirect is temporary, since production's static names carry
    a hash of the content that changes with it."""

    def get_redirect_url(self, *args, **kwargs) -> str:
        return static("img/favicon.svg")


urlpatterns = [
    path("favicon.ico", FaviconView.as_view()),
    path("language/<str:language>/", language.choose_language, name="choose-language"),
    # Checked again on every use (answered 304 while unchanged), so a new catalog is read at once after an
    # upgrade; a table without a connection has its copy from the tables' service worker.
    path("jsi18n/<str:language>/", cache_control(no_cache=True)(language.script_catalog), name="javascript-catalog"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/v1/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("tournament.core.urls")),
    path("", include("tournament.clock.urls")),
    path("", include("tournament.knockout.urls")),
    path("", include("scoring.urls")),
]
