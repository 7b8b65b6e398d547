import torch

from .stateful_layer import StatefulLayer


class SingleSpike(torch.autograd.Function):
    """Spike if v_mem >= threshold, with a boxcar surrogate gradient."""

    @staticmethod
    def forward(ctx, v_mem, spike_threshold):
        ctx.save_for_backward(v_mem)
        ctx.spike_threshold = spike_threshold
        return (v_mem >= spike_threshold).float()

    @staticmethod
    def backward(ctx, grad_output):
        (v_mem,) = ctx.saved_tensors
        surrogate = ((v_mem - ctx.spike_threshold).abs() < 0.5).float()
        return grad_output * surrogate, None


class IAF(StatefulLayer):
    """
    Integrate and Fire neuron layer. Input is expected as (batch, time, ...).
    """

    def __init__(self, spike_threshold: float = 1.0, min_v_mem=None, record_states: bool = False):
        super().__init__(state_names=["v_mem"])
        self.spike_threshold = spike_threshold
        self.min_v_mem = min_v_mem
        self.record_states = record_states

    def forward(self, input_data: torch.Tensor):
        batch_size, time_steps, *trailing_dim = input_data.shape

        # Ensure the neuron state are initialized
        if not self.is_state_initialised() or not self.state_has_shape((batch_size, *trailing_dim)):
            self.init_state_with_shape((batch_size, *trailing_dim))

        v_mem = self.v_mem
        output_spikes = []
        for step in range(time_steps):
            v_mem = v_mem + input_data[:, step]
            if self.min_v_mem is not None:
                v_mem = torch.clamp(v_mem, min=self.min_v_mem)
            spikes = SingleSpike.apply(v_mem, self.spike_threshold)
            v_mem = v_mem - spikes * self.spike_threshold
            output_spikes.append(spikes)

        self.v_mem = v_mem
        return torch.stack(output_spikes, 1)

    @property
    def _param_dict(self):
        return dict(spike_threshold=self.spike_threshold, min_v_mem=self.min_v_mem)


class IAFSqueeze(IAF):
    """IAF layer operating on (batch*time, ...) input, as used between Conv2d layers."""

    def __init__(self, batch_size: int, **kwargs):
        super().__init__(**kwargs)
        self.batch_size = batch_size

    def forward(self, input_data: torch.Tensor):
        batch_size = self.batch_size
        num_timesteps = input_data.shape[0] // batch_size
        inflated = input_data.reshape(batch_size, num_timesteps, *input_data.shape[1:])
        out = super().forward(inflated)
        return out.flatten(0, 1)
