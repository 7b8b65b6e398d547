from .diffusion import GaussianDiffusion1D, Unet1D
from .trainer import Trainer1D
