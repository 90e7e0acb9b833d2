"""Play across terminals: the SSH and web servers, `tabula join`, and the shared-table session."""
