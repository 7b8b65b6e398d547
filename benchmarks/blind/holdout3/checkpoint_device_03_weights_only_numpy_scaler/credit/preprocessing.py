import numpy as np


class StandardScaler:
    def fit(self, x):
        self.mean_ = x.mean(axis=0)
        self.scale_ = x.std(axis=0) + 1e-8
        return self

    def transform(self, x):
        return ((x - self.mean_) / self.scale_).astype(np.float32)

    @classmethod
    def from_stats(cls, mean, scale):
        obj = cls()
        obj.mean_, obj.scale_ = np.asarray(mean), np.asarray(scale)
        return obj


def simulate_applications(n, seed=0):
    rng = np.random.default_rng(seed)
    income = rng.lognormal(10.5, 0.5, n)
    debt = rng.lognormal(9.0, 1.0, n)
    age = rng.integers(18, 75, n)
    years_employed = np.minimum(rng.exponential(5, n), age - 17)
    open_lines = rng.poisson(4, n)
    delinquencies = rng.poisson(0.3, n)
    x = np.stack([income, debt, age, years_employed, open_lines, delinquencies], 1)
    risk = -1.5 * np.log(income / debt) + 0.8 * delinquencies - 0.05 * years_employed
    default = (risk + rng.normal(0, 1, n) > np.quantile(risk, 0.8)).astype(np.float32)
    return x, default
