def zero_border(att, width=1):
    """Suppress attention on the outermost `width` pixels (padding artefacts)."""
    att[:, :, :width, :] = 0
    att[:, :, -width:, :] = 0
    att[:, :, :, :width] = 0
    att[:, :, :, -width:] = 0
    return att
