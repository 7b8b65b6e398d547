from .denoiser import Denoiser
