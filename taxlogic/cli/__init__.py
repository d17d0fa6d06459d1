"""The ``taxlogic`` command line."""
import typer

app = typer.Typer(help="taxlogic: tax-law reasoning with an LLM translator and SWI-Prolog.", no_args_is_help=True)


def main() -> None:
    app()
