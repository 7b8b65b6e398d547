# Hyper-parameter presets, picked with --preset on the command line.
PRESETS = {
    "tiny": dict(n_mels=40, frames=101, channels=8, batch_size=64, lr=3e-3, step_every=20, n_train=256),
    "base": dict(n_mels=64, frames=192, channels=12, batch_size=24, accum_steps=8, lr=2e-3, step_every=4, n_train=216),
}
