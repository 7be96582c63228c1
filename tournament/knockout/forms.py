"""The director's own seeding order: a seed number beside each team, blank for a team left out."""

from django import forms
from django.utils.translation import gettext, gettext_lazy

from tournament.core.models import Team


class SeedOrderForm(forms.Form):
    def __init__(self, *args, teams: list[Team], **kwargs):
        super().__init__(*args, **kwargs)
        self.teams = teams
        self.order: list[int] = []
        for team in teams:
            self.fields[f"seed_{team.pk}"] = forms.IntegerField(
                required=False, min_value=1, max_value=max(len(teams), 1), label=team.name,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "seed-input"}),
                error_messages={"min_value": gettext_lazy("A seed is 1 or more."),
                                "max_value": gettext("A seed is at most %(most)s.") % {"most": len(teams)},
                                "invalid": gettext_lazy("Type a whole number, or leave it blank.")},
            )

    def seed_fields(self):
        return [self[f"seed_{team.pk}"] for team in self.teams]

    def clean(self):
        cleaned = super().clean()
        chosen = sorted(
            (cleaned[f"seed_{team.pk}"], team.pk) for team in self.teams if cleaned.get(f"seed_{team.pk}")
        )
        seeds = [seed for seed, _ in chosen]
        if len(chosen) < 2:
            raise forms.ValidationError(gettext("Give a seed to at least two teams."))
        repeated = sorted({seed for seed in seeds if seeds.count(seed) > 1})
        if repeated:
            raise forms.ValidationError(gettext("Seed %(seed)s is given to more than one team.")
                                        % {"seed": repeated[0]})
        missing = [n for n in range(1, len(seeds) + 1) if n not in seeds]
        if missing:
            raise forms.ValidationError(
                gettext("Seeds run 1, 2, 3, ... without a gap: seed %(seed)s is missing.") % {"seed": missing[0]}
            )
        self.order = [team_id for _, team_id in chosen]
        return cleaned
