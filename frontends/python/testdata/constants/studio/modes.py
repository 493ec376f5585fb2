"""How the studio hands back what it records."""


def describe_output(mode: str) -> str:
    """
    Say where a recording goes in the given output mode.

    Args:
        mode: 'files', 'resources' or 'both'
    """
    if mode == "files":
        return "Saves the take to the studio folder"
    elif mode == "resources":
        return "Returns the take as a base64 resource"
    elif mode == "both":
        return "Saves the take and returns it as a base64 resource"
    else:
        return "Where the take goes depends on STUDIO_OUTPUT"
