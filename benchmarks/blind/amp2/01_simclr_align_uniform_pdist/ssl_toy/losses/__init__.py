from .align_uniform import align_loss, uniform_loss
