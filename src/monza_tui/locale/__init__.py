"""Message catalogues (see catalogue.py); gettext reads <lang>/LC_MESSAGES/monza.mo."""
