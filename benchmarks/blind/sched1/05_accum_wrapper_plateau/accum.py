class OptimizerWrapper:
    """Gradient accumulation: only step / zero the real optimizer every `accum_steps` calls.

    The training loop keeps calling optimizer.step() / optimizer.zero_grad() every batch.
    """

    def __init__(self, optimizer, accum_steps):
        self.optimizer = optimizer
        self.accum_steps = accum_steps
        self._calls = 0

    @property
    def param_groups(self):
        return self.optimizer.param_groups

    def step(self):
        self._calls += 1
        if self._calls % self.accum_steps == 0:
            self.optimizer.step()
            return True
        return False

    def zero_grad(self):
        if self._calls % self.accum_steps == 0:
            self.optimizer.zero_grad()
