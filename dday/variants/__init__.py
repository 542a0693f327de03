"""Variants: named rule sets (:mod:`.rulesets`) and Avalon Hill's 1961 combat results table (:mod:`.avalon_hill`)."""
