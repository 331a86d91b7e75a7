"""The exceptions redist raises (docs/python.md "Errors").

Every error carries the one-line message the C++ library gives, the same text the `redist` command
prints after "redist: " and the C interface's redist_last_error() returns:

    Error                      base of everything below
      InputError (ValueError)  bad input: file, field and reason ("ring: loads[3]: must be >= 0")
        AgreementError         MPI: a collective call refused on every rank before data moved;
                               rank is the rank named (or -1)
      CallError (RuntimeError) MPI: an agreed call failed on some rank while it ran; rank
        TimeoutError           MPI: a rank did not arrive or stopped answering; missing ranks
      MpiError (RuntimeError)  an MPI call itself failed; code
      InternalError            one of redist's own checks failed (please report it)
"""

import builtins


class Error(Exception):
    """Base of every error redist raises."""


class InputError(Error, ValueError):
    """Bad input: `file` (or call), `field` (with its index) and `reason`."""

    file = ""
    field = ""
    reason = ""


class AgreementError(InputError):
    """A collective call was refused on every rank before any data moved; `rank` is the rank
    named in the message (-1 when none)."""

    rank = -1


class CallError(Error, RuntimeError):
    """An agreed collective call failed on some rank while it ran; `rank` is where (-1: unknown)."""

    rank = -1


class TimeoutError(CallError, builtins.TimeoutError):  # noqa: A001 (mirrors the C++ name)
    """Some rank did not arrive, or stopped answering, within the timeout; `missing` lists the
    ranks known to be absent. The context is unusable afterwards: make a new one."""

    missing = ()


class MpiError(Error, RuntimeError):
    """An MPI call failed; `code` is MPI's error code."""

    code = 0


class InternalError(Error, RuntimeError):
    """One of redist's own checks failed: please report it."""
